// Wrong on purpose (suite only): the mistake input_projections_rows_carried in input_projections.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    require_shapes(X.n_cols == U.n_cols, "input_projections", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    arma::mat P(X.n_rows, U.n_rows, arma::fill::zeros);
    for (arma::uword r = 0; r < U.n_rows; ++r) {
        double s = 0;  // the mistake: set to 0 once per column, not once per entry
        for (arma::uword t = 0; t < X.n_rows; ++t) {
            for (arma::uword k = 0; k < X.n_cols; ++k) s += X(t, k) * U(r, k);
            P(t, r) = s;
        }
    }
    return P;
}

}  // namespace attn
