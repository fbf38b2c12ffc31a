// Wrong on purpose (suite only): the mistake mask_read_as_keep_pattern in masked_softmax.
// By loops: a key is kept where the mask is non-zero, as if it were a 0/1 pattern of allowed keys.
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat masked_softmax(const arma::mat& S, const arma::mat& mask) {
    require_shapes(S.n_rows == mask.n_rows && S.n_cols == mask.n_cols, "masked_softmax",
                   "the mask must have the shape of the scores", {"S", S}, {"mask", mask});
    require_finite("masked_softmax", "mask", mask, /*allow_minus_inf=*/true);
    arma::mat M(arma::size(S));
    for (arma::uword i = 0; i < S.n_rows; ++i)
        for (arma::uword j = 0; j < S.n_cols; ++j)
            M(i, j) = mask(i, j) != 0 ? S(i, j) : -arma::datum::inf;  // the mistake: keep where mask != 0
    return softmax_rows(M);
}

}  // namespace attn
