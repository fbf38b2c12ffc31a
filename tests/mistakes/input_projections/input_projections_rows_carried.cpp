// Wrong on purpose (suite only): the mistake input_projections_rows_carried in input_projections.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    require_shapes(X.n_cols == U.n_cols, "input_projections", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    arma::mat P(X.n_rows, U.n_rows, arma::fill::zeros);
    for (arma::uword t = 0; t < X.n_rows; ++t) {
        P.row(t) = X.row(t) * U.t();
        if (t > 0) P.row(t) += P.row(t - 1);  // the mistake: carried like the state
    }
    return P;
}

}  // namespace attn
