// Exercise project_qkv (chapter 02): the three views of one input.
//
// Fill a Projections {Q, K, V} from ONE input X and three weight matrices:
// Q = X W_q, K = X W_k, V = X W_v. Use your project() for each.
// Shapes:  X L x d_model; W_q, W_k d_model x d_k; W_v d_model x d_v.
//
// Check your work:  ./course check project_qkv   Stuck?  ./course hint project_qkv
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv([[maybe_unused]] const arma::mat& X, [[maybe_unused]] const arma::mat& W_q,
                        [[maybe_unused]] const arma::mat& W_k, [[maybe_unused]] const arma::mat& W_v) {
    // TODO(ch02): three projections of the same X.
    throw NotImplemented("project_qkv", __FILE__);
}

}  // namespace attn
