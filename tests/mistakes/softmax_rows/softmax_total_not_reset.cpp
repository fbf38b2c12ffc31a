// Wrong on purpose (suite only): the total declared outside the row loop.
#include <cmath>
#include <limits>
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    if (S.n_cols == 0 && S.n_rows > 0) require_nonempty("softmax_rows", "S", S);
    arma::mat A(S.n_rows, S.n_cols, arma::fill::zeros);
    double total = 0.0;  // the mistake: never reset between rows
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        const double m = S.row(i).max();
        if (std::isinf(m)) continue;
        for (arma::uword j = 0; j < S.n_cols; ++j) {
            A(i, j) = std::exp(S(i, j) - m);
            total += A(i, j);
        }
        A.row(i) /= total;
    }
    return A;
}

}  // namespace attn
