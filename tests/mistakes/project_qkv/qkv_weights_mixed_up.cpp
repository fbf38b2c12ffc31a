// Wrong on purpose (suite only): K is projected with W_q.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, const arma::mat& W_q, [[maybe_unused]] const arma::mat& W_k,
                        const arma::mat& W_v) {
    Projections p;
    p.Q = project(X, W_q);  // (L, d_k)
    p.K = project(X, W_q);  // the mistake: W_k is never used
    p.V = project(X, W_v);  // (L, d_v)
    return p;
}

}  // namespace attn
