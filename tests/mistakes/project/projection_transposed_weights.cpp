// Wrong on purpose (suite only): X W^T instead of X W.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

arma::mat project(const arma::mat& X, const arma::mat& W) {
    require_shapes(X.n_cols == W.n_rows, "project", "X must be as wide as W is tall (d_model)", {"X", X}, {"W", W});
    return X * W.t();  // the mistake: W is transposed
}

}  // namespace attn
