// Exercise masked_softmax (chapter 03): softmax with some keys hidden.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat masked_softmax(const arma::mat& S, const arma::umat& allowed) {
    require_shapes(S.n_rows == allowed.n_rows && S.n_cols == allowed.n_cols, "masked_softmax",
                   "the mask must have the shape of the scores", {"S", S},
                   {"allowed", allowed.n_rows, allowed.n_cols});
    // Hide keys BEFORE softmax: exp(-inf) is exactly 0, and the row total is
    // then taken over the visible keys only, so those still sum to 1.
    // (Zeroing weights after softmax would leave rows that sum to less than 1.)
    arma::mat hidden = S;  // (L_Q, L_K)
    hidden.elem(arma::find(allowed == 0)).fill(-INFINITY);
    return softmax_rows(hidden);
}

}  // namespace attn
