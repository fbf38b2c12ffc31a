// Wrong on purpose (suite only): U x_t for every t at once in column form, U X^T, returned as it is.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    require_shapes(X.n_cols == U.n_cols, "input_projections", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    return U * X.t();  // the mistake: d_h x L, one column per position
}

}  // namespace attn
