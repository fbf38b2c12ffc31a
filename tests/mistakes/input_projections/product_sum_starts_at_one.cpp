// Wrong on purpose (suite only): the mistake product_sum_starts_at_one in input_projections.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    require_shapes(X.n_cols == U.n_cols, "input_projections", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    arma::mat P(X.n_rows, U.n_rows, arma::fill::zeros);
    for (arma::uword t = 0; t < X.n_rows; ++t)
        for (arma::uword r = 0; r < U.n_rows; ++r) {
            double s = 0.0;
            for (arma::uword k = 1; k < U.n_cols; ++k) s += X(t, k) * U(r, k);
            P(t, r) = s;
        }
    return P;
}

}  // namespace attn
