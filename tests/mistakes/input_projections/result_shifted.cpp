// Wrong on purpose (suite only): a loop whose row t reads x_{t-1}, starting at t = 1.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    require_shapes(X.n_cols == U.n_cols, "input_projections", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    arma::mat P(X.n_rows, U.n_rows, arma::fill::zeros);  // (L, d_h)
    for (arma::uword t = 1; t < X.n_rows; ++t)
        P.row(t) = X.row(t - 1) * U.t();  // the mistake: row t is x_t U^T, for t = 0 .. L - 1
    return P;
}

}  // namespace attn
