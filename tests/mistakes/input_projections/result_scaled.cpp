// Wrong on purpose (suite only): the projections divided by sqrt(d_h), a scale where none is asked.
#include <cmath>
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    require_shapes(X.n_cols == U.n_cols, "input_projections", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    return X * U.t() / std::sqrt(static_cast<double>(U.n_rows));  // the mistake
}

}  // namespace attn
