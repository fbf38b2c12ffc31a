// Wrong on purpose (suite only): no shape check of the mask.
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat masked_softmax(const arma::mat& S, const arma::mat& mask) {
    // the mistake: no shape check
    // -inf is how a mask says "never"; NaN or +inf would poison the whole row.
    require_finite("masked_softmax", "mask", mask, /*allow_minus_inf=*/true);
    // Hide keys BEFORE softmax: score + -inf = -inf, exp(-inf) is exactly 0, and
    // the row total is then taken over the visible keys only, so those still
    // sum to 1. (Zeroing weights after softmax would leave rows that sum to less than 1.)
    const arma::mat hidden = S + mask;  // (L_Q, L_K)
    return softmax_rows(hidden);
}

}  // namespace attn
