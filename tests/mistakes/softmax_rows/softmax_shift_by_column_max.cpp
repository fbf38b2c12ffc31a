// Wrong on purpose (suite only): arma::max(S) is each COLUMN's maximum, so the
// entries of one row are shifted by different amounts.
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    arma::mat E = S;
    E.each_row() -= arma::max(S);  // the mistake: arma::max(S, 1) and each_col() are meant
    E = arma::exp(E);
    return E.each_col() / arma::sum(E, 1);
}

}  // namespace attn
