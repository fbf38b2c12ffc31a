// Wrong on purpose (suite only): the mistake result_inner_call_refused in masked_softmax: the hidden
// keys sent to -infinity through a 0/1 pattern, (1 - keep) * -inf, which is 0 * -inf = NaN for every
// visible key, so softmax_rows refuses the NaN it is handed.
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat masked_softmax(const arma::mat& S, const arma::mat& mask) {
    require_shapes(S.n_rows == mask.n_rows && S.n_cols == mask.n_cols, "masked_softmax",
                   "the mask must have the shape of the scores", {"S", S}, {"mask", mask});
    require_finite("masked_softmax", "mask", mask, /*allow_minus_inf=*/true);
    // 1 where the key may be seen, 0 where it is hidden
    const arma::mat keep = arma::conv_to<arma::mat>::from(mask == 0.0);
    // the visible scores kept, the hidden ones sent to -infinity
    const arma::mat hidden = S % keep + (1.0 - keep) * -arma::datum::inf;  // the mistake: 0 * -inf is NaN
    return softmax_rows(hidden);
}

}  // namespace attn
