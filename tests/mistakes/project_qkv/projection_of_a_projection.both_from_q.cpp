// Wrong on purpose (suite only): the mistake projection_of_a_projection in project_qkv.
// K and V both made from Q, as if Q were the input of the other two projections.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    Projections p;
    p.Q = project(X, W_q);
    p.K = project(p.Q, W_k);  // the mistake: K and V computed from Q instead of from X
    p.V = project(p.Q, W_v);
    return p;
}

}  // namespace attn
