// Wrong on purpose (suite only): the mask subtracted from the scores (+infinity where a key is hidden).
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat masked_softmax(const arma::mat& S, const arma::mat& mask) {
    require_shapes(S.n_rows == mask.n_rows && S.n_cols == mask.n_cols, "masked_softmax",
                   "the mask must have the shape of the scores", {"S", S}, {"mask", mask});
    require_finite("masked_softmax", "mask", mask, /*allow_minus_inf=*/true);
    // take the hidden keys away from the scores
    const arma::mat hidden = S - mask;  // the mistake: S + mask
    return softmax_rows(hidden);
}

}  // namespace attn
