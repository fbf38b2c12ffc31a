// Wrong on purpose (suite only): the three products in column form, W^T X^T.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    Projections p;
    p.Q = W_q.t() * X.t();  // the mistake: (d_k, L); tokens are rows, X * W_q
    p.K = W_k.t() * X.t();
    p.V = W_v.t() * X.t();
    return p;
}

}  // namespace attn
