// Wrong on purpose (suite only): softmax of the plain scores, hidden weights zeroed, rows
// renormalised: right, except a row with every key hidden, which becomes 0 / 0.
#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat masked_softmax(const arma::mat& S, const arma::mat& mask) {
    require_shapes(S.n_rows == mask.n_rows && S.n_cols == mask.n_cols, "masked_softmax",
                   "the mask must have the shape of the scores", {"S", S}, {"mask", mask});
    require_finite("masked_softmax", "mask", mask, /*allow_minus_inf=*/true);
    arma::mat A = softmax_rows(S);
    A.elem(arma::find(mask == -arma::datum::inf)).zeros();
    A.each_col() /= arma::sum(A, 1);  // the mistake: 0 / 0 where nothing is visible
    return A;
}

}  // namespace attn
