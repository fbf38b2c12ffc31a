// Wrong on purpose (suite only): stable, but divided by the row's largest exponential.
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    arma::mat E = S;
    E.each_col() -= arma::max(S, 1);
    E = arma::exp(E);
    return E.each_col() / arma::max(E, 1);  // the mistake: max where the row sum belongs
}

}  // namespace attn
