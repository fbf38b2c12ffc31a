// Wrong on purpose (suite only): the three products written inline, each weight transposed.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    Projections p;
    p.Q = X * W_q.t();  // the mistake: W is used as stored, X * W_q
    p.K = X * W_k.t();
    p.V = X * W_v.t();
    return p;
}

}  // namespace attn
