// Wrong on purpose (suite only): the mistake projection_left_out in project_qkv.
// Written as one aggregate, the keys left as the raw rows of X.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, const arma::mat& W_q, [[maybe_unused]] const arma::mat& W_k,
                        const arma::mat& W_v) {
    return Projections{project(X, W_q), X, project(X, W_v)};  // the mistake: K = X, W_k never used
}

}  // namespace attn
