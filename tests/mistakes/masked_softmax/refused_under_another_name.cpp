// Wrong on purpose (suite only): NaN or +infinity in the mask is left to softmax_rows.
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat masked_softmax(const arma::mat& S, const arma::mat& mask) {
    require_shapes(S.n_rows == mask.n_rows && S.n_cols == mask.n_cols, "masked_softmax",
                   "the mask must have the shape of the scores", {"S", S}, {"mask", mask});
    // -inf is how a mask says "never"; NaN or +inf would poison the whole row.
    // the mistake: the mask's values are not checked here
    // Hide keys BEFORE softmax: score + -inf = -inf, exp(-inf) is exactly 0, and
    // the row total is then taken over the visible keys only, so those still
    // sum to 1. (Zeroing weights after softmax would leave rows that sum to less than 1.)
    const arma::mat hidden = S + mask;  // (L_Q, L_K)
    return softmax_rows(hidden);
}

}  // namespace attn
