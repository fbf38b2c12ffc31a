// Wrong on purpose (suite only): the mistake softmax_shift_on_one_side in softmax_rows.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    if (S.n_cols == 0 && S.n_rows > 0) require_nonempty("softmax_rows", "S", S);
    arma::mat A(S.n_rows, S.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        const double m = S.row(i).max();
        if (m == -arma::datum::inf) continue;
        double total = 0;
        for (arma::uword j = 0; j < S.n_cols; ++j) total += std::exp(S(i, j) - m);
        for (arma::uword j = 0; j < S.n_cols; ++j) A(i, j) = std::exp(S(i, j)) / total;  // the mistake: s, not s - m
    }
    return A;
}

}  // namespace attn
