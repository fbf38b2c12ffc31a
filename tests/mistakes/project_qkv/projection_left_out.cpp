// Wrong on purpose (suite only): the mistake projection_left_out in project_qkv.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k,
                        [[maybe_unused]] const arma::mat& W_v) {
    Projections p;
    p.Q = project(X, W_q);
    p.K = project(X, W_k);
    p.V = X;  // the mistake: V is X itself, W_v never used
    return p;
}

}  // namespace attn
