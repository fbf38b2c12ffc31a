// Wrong on purpose (suite only): the mistake bad_input_accepted in masked_softmax.
// Its own softmax over the visible keys, by loops; scores with no keys (L_Q x 0) go back unrefused.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat masked_softmax(const arma::mat& S, const arma::mat& mask) {
    require_shapes(S.n_rows == mask.n_rows && S.n_cols == mask.n_cols, "masked_softmax",
                   "the mask must have the shape of the scores", {"S", S}, {"mask", mask});
    require_finite("masked_softmax", "mask", mask, /*allow_minus_inf=*/true);
    require_finite("masked_softmax", "S", S, /*allow_minus_inf=*/true);
    // the mistake: no check that each row has a key at all (L_Q x 0 must throw InputError)
    const arma::mat M = S + mask;
    arma::mat A(arma::size(S), arma::fill::zeros);
    for (arma::uword i = 0; i < M.n_rows; ++i) {
        double m = -arma::datum::inf;
        for (arma::uword j = 0; j < M.n_cols; ++j) m = std::max(m, M(i, j));
        if (m == -arma::datum::inf) continue;
        double total = 0;
        for (arma::uword j = 0; j < M.n_cols; ++j) total += std::exp(M(i, j) - m);
        for (arma::uword j = 0; j < M.n_cols; ++j) A(i, j) = std::exp(M(i, j) - m) / total;
    }
    return A;
}

}  // namespace attn
