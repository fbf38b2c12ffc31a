// Wrong on purpose (suite only): the shape check compares X's width with U's height.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    // the mistake: X * U.t() needs X.n_cols == U.n_cols (d_in), not U.n_rows (d_h)
    require_shapes(X.n_cols == U.n_rows, "input_projections", "X must be as wide as U is tall", {"X", X}, {"U", U});
    return X * U.t();
}

}  // namespace attn
