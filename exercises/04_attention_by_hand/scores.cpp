// Exercise scores (chapter 04): every query against every key.
//
// Return the L_Q x L_K matrix whose entry (i, j) is q_i . k_j (row i of Q
// dotted with row j of K), as one matrix product. Check first that Q and K
// have the same width, rule "Q and K must have the same width (d_q = d_k)".
// Shapes:  Q L_Q x d_k, K L_K x d_k -> L_Q x L_K.
//
// Check your work:  ./course check scores   Stuck?  ./course hint scores
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scores([[maybe_unused]] const arma::mat& Q, [[maybe_unused]] const arma::mat& K) {
    // TODO(ch04): one product. Which of Q and K needs transposing?
    throw NotImplemented("scores", __FILE__);
}

}  // namespace attn
