// Right, written another way (suite only): the three products written inline, each after its own shape check.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    require_shapes(X.n_cols == W_q.n_rows, "project_qkv", "X must be as wide as W_q is tall", {"X", X}, {"W_q", W_q});
    require_shapes(X.n_cols == W_k.n_rows, "project_qkv", "X must be as wide as W_k is tall", {"X", X}, {"W_k", W_k});
    require_shapes(X.n_cols == W_v.n_rows, "project_qkv", "X must be as wide as W_v is tall", {"X", X}, {"W_v", W_v});
    return {X * W_q, X * W_k, X * W_v};
}

}  // namespace attn
