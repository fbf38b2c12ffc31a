// Exercise project_qkv (chapter 02): the three views of one input.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    // One input, three learned matrices: the roles differ only through the weights.
    Projections p;
    p.Q = project(X, W_q);  // (L, d_k)
    p.K = project(X, W_k);  // (L, d_k)
    p.V = project(X, W_v);  // (L, d_v)
    return p;
}

}  // namespace attn
