// Wrong on purpose (suite only): a loop over the rows, each U x_t computed as a column.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    require_shapes(X.n_cols == U.n_cols, "input_projections", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    arma::mat P(X.n_rows, U.n_rows, arma::fill::zeros);  // (L, d_h)
    for (arma::uword t = 0; t < X.n_rows; ++t)
        P.row(t) = U * X.row(t).t();  // the mistake: a d_h x 1 column; row t is X.row(t) * U.t()
    return P;
}

}  // namespace attn
