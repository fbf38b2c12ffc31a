// Wrong on purpose (suite only): the projection comes out transposed.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

arma::mat project(const arma::mat& X, const arma::mat& W) {
    require_shapes(X.n_cols == W.n_rows, "project", "X must be as wide as W is tall (d_model)", {"X", X}, {"W", W});
    // Row i of the product is x_i W: the same matrix for every token, so a
    // token's projection depends on its own row only, never on its position.
    return W.t() * X.t();  // the mistake: (X W)^T  // (L, d_out)
}

}  // namespace attn
