// Right, written another way (suite only): softmax by plain loops over the entries.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    if (S.n_cols == 0 && S.n_rows > 0) require_nonempty("softmax_rows", "S", S);
    arma::mat A(S.n_rows, S.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        double m = -arma::datum::inf;
        for (arma::uword j = 0; j < S.n_cols; ++j) m = std::max(m, S(i, j));
        if (m == -arma::datum::inf) continue;
        double total = 0;
        for (arma::uword j = 0; j < S.n_cols; ++j) total += std::exp(S(i, j) - m);
        for (arma::uword j = 0; j < S.n_cols; ++j) A(i, j) = std::exp(S(i, j) - m) / total;
    }
    return A;
}

}  // namespace attn
