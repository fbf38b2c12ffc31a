// Wrong on purpose (suite only): tanh applied to the projections, as in the step.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    require_shapes(X.n_cols == U.n_cols, "input_projections", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    return arma::tanh(X * U.t());  // the mistake: no tanh here; it comes after W h_{t-1} is added
}

}  // namespace attn
