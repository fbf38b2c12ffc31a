// Exercise self_attention (chapter 07): one sequence plays all three roles.
//
// Q = X W_q, K = X W_k, V = X W_v, then your scaled_dot_product_attention
// (chapter 06). Check first, naming both matrices, that X is as wide as each
// weight matrix has rows, and that W_q and W_k have the same width.
// Return what it returns: the weights (L x L) and the output.
// Shapes:  X L x d_model, W_q and W_k d_model x d_k, W_v d_model x d_v -> weights L x L, output L x d_v.
//
// Check your work:  ./course check self_attention   Stuck?  ./course hint self_attention
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult self_attention([[maybe_unused]] const arma::mat& X, [[maybe_unused]] const arma::mat& W_q,
                               [[maybe_unused]] const arma::mat& W_k, [[maybe_unused]] const arma::mat& W_v) {
    // TODO(ch07): three projections of the same X, one call.
    throw NotImplemented("self_attention", __FILE__);
}

}  // namespace attn
