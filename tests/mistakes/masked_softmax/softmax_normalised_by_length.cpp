// Wrong on purpose (suite only): its own softmax, normalised with arma::normalise's default 2-norm.
#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat masked_softmax(const arma::mat& S, const arma::mat& mask) {
    require_shapes(S.n_rows == mask.n_rows && S.n_cols == mask.n_cols, "masked_softmax",
                   "the mask must have the shape of the scores", {"S", S}, {"mask", mask});
    require_finite("masked_softmax", "mask", mask, /*allow_minus_inf=*/true);
    const arma::mat H = S + mask;
    arma::mat A(arma::size(H), arma::fill::zeros);
    for (arma::uword i = 0; i < H.n_rows; ++i) {
        const double m = H.row(i).max();
        if (std::isinf(m)) continue;
        const arma::rowvec e = arma::exp(H.row(i) - m);
        A.row(i) = arma::normalise(e, 2);  // the mistake: p = 2, not the sum
    }
    return A;
}

}  // namespace attn
