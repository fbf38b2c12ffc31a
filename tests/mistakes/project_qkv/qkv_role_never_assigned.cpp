// Wrong on purpose (suite only): the mistake qkv_role_never_assigned in project_qkv.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    Projections p;
    p.Q = project(X, W_q);
    p.K = project(X, W_k);
    p.Q = project(X, W_v);  // the mistake: copied line, p.V never assigned
    return p;
}

}  // namespace attn
