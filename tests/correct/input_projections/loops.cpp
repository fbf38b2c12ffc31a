// Right, written another way (suite only): every entry by a loop over the shared width d_in.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    require_shapes(X.n_cols == U.n_cols, "input_projections", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    arma::mat P(X.n_rows, U.n_rows, arma::fill::zeros);  // (L, d_h)
    for (arma::uword t = 0; t < X.n_rows; ++t)
        for (arma::uword i = 0; i < U.n_rows; ++i)
            for (arma::uword k = 0; k < X.n_cols; ++k) P(t, i) += U(i, k) * X(t, k);
    return P;
}

}  // namespace attn
