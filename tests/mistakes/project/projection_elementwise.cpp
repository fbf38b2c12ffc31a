// Wrong on purpose (suite only): X and W multiplied entry by entry.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

arma::mat project(const arma::mat& X, const arma::mat& W) {
    require_shapes(X.n_cols == W.n_rows, "project", "X must be as wide as W is tall (d_model)", {"X", X}, {"W", W});
    return X % W;  // the mistake: % is the element-wise product
}

}  // namespace attn
