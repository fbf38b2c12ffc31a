// Wrong on purpose (suite only): the mistake loop_starts_one_late in input_projections.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    require_shapes(X.n_cols == U.n_cols, "input_projections", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    arma::mat P(X.n_rows, U.n_rows, arma::fill::zeros);  // (L, d_h)
    for (arma::uword t = 1; t < X.n_rows; ++t)  // the mistake: row 0 is never computed
        P.row(t) = X.row(t) * U.t();
    return P;
}

}  // namespace attn
