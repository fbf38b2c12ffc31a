// Wrong on purpose (suite only): the entries of each row of P run to d_in instead of d_h.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    require_shapes(X.n_cols == U.n_cols, "input_projections", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    arma::mat P(X.n_rows, U.n_rows, arma::fill::zeros);
    for (arma::uword t = 0; t < X.n_rows; ++t)
        for (arma::uword r = 0; r < X.n_cols; ++r)  // the mistake: r < U.n_rows, one entry per row of U
            for (arma::uword k = 0; k < X.n_cols; ++k) P(t, r) += X(t, k) * U(r, k);
    return P;
}

}  // namespace attn
