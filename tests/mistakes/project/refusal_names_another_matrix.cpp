// Wrong on purpose (suite only): the right check, but each matrix handed to require_shapes
// under the other's name, so the message gives W's shape as X's and X's as W's.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

arma::mat project(const arma::mat& X, const arma::mat& W) {
    require_shapes(X.n_cols == W.n_rows, "project", "X must be as wide as W is tall (d_model)", {"X", W},
                   {"W", X});  // the mistake: {"X", W} and {"W", X}
    return X * W;
}

}  // namespace attn
