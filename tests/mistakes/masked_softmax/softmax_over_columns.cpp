// Wrong on purpose (suite only): a hand-written softmax down the columns (max(H) and sum(E) work down columns).
#include <cmath>

#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat masked_softmax(const arma::mat& S, const arma::mat& mask) {
    require_shapes(S.n_rows == mask.n_rows && S.n_cols == mask.n_cols, "masked_softmax",
                   "the mask must have the shape of the scores", {"S", S}, {"mask", mask});
    require_finite("masked_softmax", "mask", mask, /*allow_minus_inf=*/true);
    const arma::mat H = S + mask;
    arma::mat E = arma::exp(H.each_row() - arma::max(H));  // the mistake: column maxima
    E.each_row() /= arma::sum(E);
    return E;
}

}  // namespace attn
