// Wrong on purpose (suite only): the mistake mask_read_as_keep_pattern in masked_softmax.
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat masked_softmax(const arma::mat& S, const arma::mat& mask) {
    require_shapes(S.n_rows == mask.n_rows && S.n_cols == mask.n_cols, "masked_softmax",
                   "the mask must have the shape of the scores", {"S", S}, {"mask", mask});
    require_finite("masked_softmax", "mask", mask, /*allow_minus_inf=*/true);
    arma::mat M = S;
    M.elem(arma::find(mask == 0)).fill(-arma::datum::inf);  // the mistake: 0 means "seen", not "hidden"
    return softmax_rows(M);
}

}  // namespace attn
