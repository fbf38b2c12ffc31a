// Wrong on purpose (suite only): the mistake projection_of_a_projection in project_qkv.
// Each role made from the one before it, as if the projections were a pipeline.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    Projections p;
    arma::mat current = X;
    p.Q = current = project(current, W_q);
    p.K = current = project(current, W_k);  // the mistake: each projection takes the previous one
    p.V = project(current, W_v);
    return p;
}

}  // namespace attn
