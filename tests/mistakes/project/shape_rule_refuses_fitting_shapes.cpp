// Wrong on purpose (suite only): the check asks X and W to be equally wide.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

arma::mat project(const arma::mat& X, const arma::mat& W) {
    // the mistake: X * W needs X.n_cols == W.n_rows
    require_shapes(X.n_cols == W.n_cols, "project", "X must be as wide as W", {"X", X}, {"W", W});
    return X * W;
}

}  // namespace attn
