// Wrong on purpose (suite only): the three products written inline, with no shape check.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    Projections p;
    // the mistake: no check that each W is as tall as X is wide (project() would check it)
    p.Q = X * W_q;
    p.K = X * W_k;
    p.V = X * W_v;
    return p;
}

}  // namespace attn
