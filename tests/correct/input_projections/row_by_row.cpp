// Right, written another way (suite only): one row at a time, each x_t U^T.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    require_shapes(X.n_cols == U.n_cols, "input_projections", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    const arma::mat Ut = U.t();  // (d_in, d_h)
    arma::mat P(X.n_rows, U.n_rows);
    for (arma::uword t = 0; t < X.n_rows; ++t) P.row(t) = X.row(t) * Ut;
    return P;
}

}  // namespace attn
