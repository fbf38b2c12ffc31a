// Wrong on purpose (suite only): arma::sum(E) sums each column, so each column sums to 1.
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    const arma::mat E = arma::exp(S.each_row() - arma::max(S, 0));
    return E.each_row() / arma::sum(E);  // the mistake: sum(E) is per column
}

}  // namespace attn
