// Wrong on purpose (suite only): each row shifted by the largest of its scores before the mask
// is added, so a hidden key far above the visible ones leaves every visible e^(s - max) at 0.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat masked_softmax(const arma::mat& S, const arma::mat& mask) {
    require_shapes(S.n_rows == mask.n_rows && S.n_cols == mask.n_cols, "masked_softmax",
                   "the mask must have the shape of the scores", {"S", S}, {"mask", mask});
    require_finite("masked_softmax", "mask", mask, /*allow_minus_inf=*/true);
    softmax_rows(S + mask);  // what the course refuses (NaN, no keys) is refused as usual
    arma::mat A(arma::size(S), arma::fill::zeros);
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        if (arma::all(mask.row(i) == -arma::datum::inf)) continue;  // nothing visible: zeros
        const double top = S.row(i).max();                           // the mistake: max of S + mask
        const arma::rowvec e = arma::exp(S.row(i) + mask.row(i) - top);
        A.row(i) = e / arma::accu(e);
    }
    return A;
}

}  // namespace attn
