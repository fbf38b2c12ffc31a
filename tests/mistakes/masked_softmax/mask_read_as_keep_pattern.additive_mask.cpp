// Wrong on purpose (suite only): the mistake mask_read_as_keep_pattern in masked_softmax.
// The mask turned into an additive one again by additive_mask, as if it were a 0/1 pattern.
#include "core/errors.hpp"
#include "core/mask.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat masked_softmax(const arma::mat& S, const arma::mat& mask) {
    require_shapes(S.n_rows == mask.n_rows && S.n_cols == mask.n_cols, "masked_softmax",
                   "the mask must have the shape of the scores", {"S", S}, {"mask", mask});
    require_finite("masked_softmax", "mask", mask, /*allow_minus_inf=*/true);
    const arma::umat allowed = mask != 0;          // the mistake: the mask is already additive
    return softmax_rows(S + additive_mask(allowed));  // -inf where mask == 0, the keys that are seen
}

}  // namespace attn
