// Wrong on purpose (suite only): the mistake projection_transposed_weights in project.
// X W^T, with the shape check changed to match it (two slips, named by the first).
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

arma::mat project(const arma::mat& X, const arma::mat& W) {
    require_shapes(X.n_cols == W.n_cols, "project", "X must be as wide as W", {"X", X}, {"W", W});
    return X * W.t();  // the mistake: W is used as stored, X * W
}

}  // namespace attn
