// Wrong on purpose (suite only): Q alone is made with W_q transposed, as nn.Linear stores its
// weights.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    Projections p;
    p.Q = project(X, W_q.t());
    p.K = project(X, W_k);
    p.V = project(X, W_v);
    return p;
}

}  // namespace attn
