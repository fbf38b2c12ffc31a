// Wrong on purpose (suite only): the mistake bad_input_accepted in masked_softmax.
// Its own softmax over the visible keys, by loops; the mask is checked, the scores are not,
// so NaN or +infinity in S goes back as a row of NaN.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat masked_softmax(const arma::mat& S, const arma::mat& mask) {
    require_shapes(S.n_rows == mask.n_rows && S.n_cols == mask.n_cols, "masked_softmax",
                   "the mask must have the shape of the scores", {"S", S}, {"mask", mask});
    require_finite("masked_softmax", "mask", mask, /*allow_minus_inf=*/true);
    if (S.n_cols == 0 && S.n_rows > 0) require_nonempty("masked_softmax", "S", S);
    // the mistake: no require_finite on S (NaN or +infinity must throw InputError, as softmax_rows does)
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
