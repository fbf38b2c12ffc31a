// Wrong on purpose (suite only): the mistake no_positions_lose_width in input_projections.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    require_shapes(X.n_cols == U.n_cols, "input_projections", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    if (X.is_empty()) return {};  // the mistake: no rows, and no width either
    return X * U.t();
}

}  // namespace attn
