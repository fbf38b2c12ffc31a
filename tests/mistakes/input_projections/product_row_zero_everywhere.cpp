// Wrong on purpose (suite only): the mistake product_row_zero_everywhere in input_projections.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    require_shapes(X.n_cols == U.n_cols, "input_projections", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    arma::mat P(X.n_rows, U.n_rows);
    for (arma::uword t = 0; t < X.n_rows; ++t) P.row(t) = X.row(0) * U.t();
    return P;
}

}  // namespace attn
