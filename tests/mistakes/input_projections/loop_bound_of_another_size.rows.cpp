// Wrong on purpose (suite only): the mistake loop_bound_of_another_size in input_projections.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    require_shapes(X.n_cols == U.n_cols, "input_projections", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    arma::mat P(X.n_rows, U.n_rows, arma::fill::zeros);
    for (arma::uword t = 0; t < X.n_cols; ++t)  // the mistake: the rows bounded by d_in, not L
        P.row(t) = X.row(t) * U.t();
    return P;
}

}  // namespace attn
