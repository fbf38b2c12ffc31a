// Wrong on purpose (suite only): the mistake softmax_max_started_at_zero in softmax_rows.
// The row's maximum starts at 0.0 instead of the row's first score.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    if (S.n_cols == 0 && S.n_rows > 0) require_nonempty("softmax_rows", "S", S);
    arma::mat A(S.n_rows, S.n_cols, arma::fill::none);
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        double m = 0.0;  // the mistake: a row all below 0 keeps m = 0
        for (arma::uword j = 0; j < S.n_cols; ++j)
            if (S(i, j) > m) m = S(i, j);
        if (m == -arma::datum::inf) {  // never true now
            A.row(i).zeros();
            continue;
        }
        double total = 0.0;
        for (arma::uword j = 0; j < S.n_cols; ++j) {
            A(i, j) = std::exp(S(i, j) - m);
            total += A(i, j);
        }
        A.row(i) /= total;
    }
    return A;
}

}  // namespace attn
