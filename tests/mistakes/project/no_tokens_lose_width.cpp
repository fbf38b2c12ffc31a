// Wrong on purpose (suite only): the mistake no_tokens_lose_width in project.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

arma::mat project(const arma::mat& X, const arma::mat& W) {
    if (X.n_rows == 0) return arma::mat();  // the mistake: 0x0, and before the check
    require_shapes(X.n_cols == W.n_rows, "project", "X must be as wide as W is tall (d_model)", {"X", X}, {"W", W});
    return X * W;
}

}  // namespace attn
