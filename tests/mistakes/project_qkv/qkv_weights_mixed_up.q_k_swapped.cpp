// Wrong on purpose (suite only): Q and K take each other's matrix.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    Projections p;
    p.Q = project(X, W_k);  // the mistake: Q is X W_q
    p.K = project(X, W_q);  // and K is X W_k
    p.V = project(X, W_v);
    return p;
}

}  // namespace attn
