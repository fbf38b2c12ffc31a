// Wrong on purpose (suite only): the mistake projection_of_a_projection in project_qkv.
// The products written with operator*, V made from K.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    require_shapes(X.n_cols == W_q.n_rows && X.n_cols == W_k.n_rows && X.n_cols == W_v.n_rows, "project_qkv",
                   "X must be as wide as each weight matrix is tall (d_model)", {"X", X}, {"W_v", W_v});
    const arma::mat Q = X * W_q;
    const arma::mat K = X * W_k;
    const arma::mat V = K * W_v;  // the mistake: V from K instead of from X
    return Projections{Q, K, V};
}

}  // namespace attn
