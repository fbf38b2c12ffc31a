// Wrong on purpose (suite only): the scores divided by sqrt(L_K) before the softmax.
#include <cmath>
#include <limits>
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat masked_softmax(const arma::mat& S, const arma::mat& mask) {
    require_shapes(S.n_rows == mask.n_rows && S.n_cols == mask.n_cols, "masked_softmax",
                   "the mask must have the shape of the scores", {"S", S}, {"mask", mask});
    require_finite("masked_softmax", "mask", mask, /*allow_minus_inf=*/true);
    return softmax_rows(S / std::sqrt(static_cast<double>(S.n_cols)) + mask);  // the mistake
}

}  // namespace attn
