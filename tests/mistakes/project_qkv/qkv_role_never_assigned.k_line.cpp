// Wrong on purpose (suite only): the mistake qkv_role_never_assigned in project_qkv.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    Projections p;
    p.V = X * W_v;
    p.Q = X * W_k;  // the mistake: meant for p.K, which stays empty
    p.Q = X * W_q;
    require_shapes(X.n_cols == W_q.n_rows, "project_qkv", "W_q must be d_model tall", {"X", X}, {"W_q", W_q});
    return p;
}

}  // namespace attn
