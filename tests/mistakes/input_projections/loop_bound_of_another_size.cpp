// Wrong on purpose (suite only): the sum over the features of x_t run to d_h instead of d_in.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    require_shapes(X.n_cols == U.n_cols, "input_projections", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    arma::mat P(X.n_rows, U.n_rows, arma::fill::zeros);
    for (arma::uword t = 0; t < X.n_rows; ++t)
        for (arma::uword r = 0; r < U.n_rows; ++r)
            for (arma::uword k = 0; k < U.n_rows; ++k) P(t, r) += X(t, k) * U(r, k);  // the mistake: k < X.n_cols
    return P;
}

}  // namespace attn
