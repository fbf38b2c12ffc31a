// Wrong on purpose (suite only): V is projected with W_k.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    Projections p;
    p.Q = project(X, W_q);
    p.K = project(X, W_k);
    p.V = project(X, W_k);  // the mistake: V has its own matrix, W_v
    (void)W_v;
    return p;
}

}  // namespace attn
