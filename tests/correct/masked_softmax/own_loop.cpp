// Right, written another way (suite only): its own stable softmax over the visible keys.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat masked_softmax(const arma::mat& S, const arma::mat& mask) {
    require_shapes(S.n_rows == mask.n_rows && S.n_cols == mask.n_cols, "masked_softmax",
                   "the mask must have the shape of the scores", {"S", S}, {"mask", mask});
    require_finite("masked_softmax", "mask", mask, /*allow_minus_inf=*/true);
    require_finite("masked_softmax", "S", S, /*allow_minus_inf=*/true);
    // like softmax_rows: a query with no keys at all has no budget to share
    if (S.n_cols == 0 && S.n_rows > 0) require_nonempty("masked_softmax", "S", S);
    arma::mat A(arma::size(S), arma::fill::zeros);
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        double m = -arma::datum::inf;
        for (arma::uword j = 0; j < S.n_cols; ++j)
            if (mask(i, j) == 0) m = std::max(m, S(i, j));
        if (m == -arma::datum::inf) continue;
        double total = 0;
        for (arma::uword j = 0; j < S.n_cols; ++j)
            if (mask(i, j) == 0) total += std::exp(S(i, j) - m);
        for (arma::uword j = 0; j < S.n_cols; ++j)
            if (mask(i, j) == 0) A(i, j) = std::exp(S(i, j) - m) / total;
    }
    return A;
}

}  // namespace attn
