// Wrong on purpose (suite only): every row times U as stored.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    require_shapes(X.n_cols == U.n_cols, "input_projections", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    return X * U;  // the mistake: x_t U^T needs U.t()
}

}  // namespace attn
