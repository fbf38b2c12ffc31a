// Wrong on purpose (suite only): each row is written into a copy, never into the result.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    require_shapes(X.n_cols == U.n_cols, "input_projections", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    arma::mat P(X.n_rows, U.n_rows, arma::fill::zeros);
    for (arma::uword t = 0; t < X.n_rows; ++t) {
        arma::rowvec row = P.row(t);  // the mistake: a copy of row t; P itself stays 0
        row = X.row(t) * U.t();
    }
    return P;
}

}  // namespace attn
