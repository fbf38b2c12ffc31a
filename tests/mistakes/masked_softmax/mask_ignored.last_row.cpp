// Wrong on purpose (suite only): the mistake mask_ignored in masked_softmax, on the last query only (the loop that adds the mask stops one short).
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat masked_softmax(const arma::mat& S, const arma::mat& mask) {
    require_shapes(S.n_rows == mask.n_rows && S.n_cols == mask.n_cols, "masked_softmax",
                   "the mask must have the shape of the scores", {"S", S}, {"mask", mask});
    require_finite("masked_softmax", "mask", mask, /*allow_minus_inf=*/true);
    arma::mat hidden = S;
    for (arma::uword i = 0; i + 1 < S.n_rows; ++i)  // the mistake: the last query never gets its mask
        hidden.row(i) += mask.row(i);
    return softmax_rows(hidden);
}

}  // namespace attn
