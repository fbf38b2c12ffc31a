// Exercise scaled_dot_product_attention (chapter 06): softmax(Q K^T / sqrt(d_k)) V.
//
// Check the two forced rules first, with require_shapes (src/attn/errors.hpp) and
// the rule texts kRuleSameWidth / kRuleSameLength (src/attn/attention.hpp):
// d_q = d_k (naming Q and K), then L_K = L_V (naming K and V). Accept everything
// else: L_Q may differ from L_K, and d_v from d_k. Then scores, softmax_rows
// (src/attn/softmax.hpp), and the product with V.
// Shapes:  Q L_Q x d_k, K L_K x d_k, V L_K x d_v -> L_Q x d_v.
//
// Check your work:  ./course check scaled_dot_product_attention   Stuck?  ./course hint scaled_dot_product_attention
#include <cmath>

#include "attn/attention.hpp"
#include "attn/errors.hpp"
#include "attn/softmax.hpp"

namespace attn {

arma::mat scaled_dot_product_attention([[maybe_unused]] const arma::mat& Q, [[maybe_unused]] const arma::mat& K,
                                       [[maybe_unused]] const arma::mat& V) {
    // TODO(ch06): two shape checks, then three lines: scores, weights, output.
    throw NotImplemented("scaled_dot_product_attention", __FILE__);
}

}  // namespace attn
