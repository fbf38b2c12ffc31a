// Wrong on purpose (suite only): the three products written inline as W X.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    Projections p;
    p.Q = W_q * X;  // the mistake: X on the left, X * W_q
    p.K = W_k * X;
    p.V = W_v * X;
    return p;
}

}  // namespace attn
