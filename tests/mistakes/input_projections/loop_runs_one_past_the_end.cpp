// Wrong on purpose (suite only): a loop over the rows that reads one row past the end.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    require_shapes(X.n_cols == U.n_cols, "input_projections", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    arma::mat P(X.n_rows, U.n_rows, arma::fill::zeros);  // (L, d_h)
    for (arma::uword t = 0; t <= X.n_rows; ++t)  // the mistake: the last row is X.n_rows - 1
        P.row(t) = X.row(t) * U.t();
    return P;
}

}  // namespace attn
