// Wrong on purpose (suite only): the mistake projection_left_out in project_qkv.
// operator* for the keys and values, the queries left as X.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, [[maybe_unused]] const arma::mat& W_q, const arma::mat& W_k,
                        const arma::mat& W_v) {
    require_shapes(X.n_cols == W_k.n_rows && X.n_cols == W_v.n_rows, "project_qkv",
                   "X must be as wide as each weight matrix is tall (d_model)", {"X", X}, {"W_k", W_k});
    Projections p;
    p.Q = X;  // the mistake: the queries are the raw tokens
    p.K = X * W_k;
    p.V = X * W_v;
    return p;
}

}  // namespace attn
