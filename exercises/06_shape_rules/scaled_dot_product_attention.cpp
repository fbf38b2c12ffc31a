// Exercise scaled_dot_product_attention (chapter 06): softmax(Q K^T / sqrt(d_k) + mask) V.
// Every attention layer of the course runs on this function, chapter 12's model too.
//
// Check the two forced rules first, with require_shapes (src/core/errors.hpp) and
// the rule texts kRuleSameWidth / kRuleSameLength (src/contracts/06_shape_rules.hpp):
// d_q = d_k (naming Q and K), then L_K = L_V (naming K and V). Accept everything
// else: L_Q may differ from L_K, and d_v from d_k. Refuse too, as the contract says
// (src/contracts/06_shape_rules.hpp, Throws:), a mask that is not L_Q x L_K
// (ShapeError), a mask holding NaN or +infinity and an empty K (InputError).
// Then scores, the mask (when
// there is one: a 0x0 mask means none) added to the scaled scores, softmax_rows
// (src/contracts/03_softmax.hpp), and the product with V. Return both the weights and
// the output.
// Shapes:  Q L_Q x d_k, K L_K x d_k, V L_K x d_v, mask L_Q x L_K or 0x0
//          -> weights L_Q x L_K, output L_Q x d_v.
//
// Check your work:  ./course check scaled_dot_product_attention   Stuck?  ./course hint scaled_dot_product_attention
#include <cmath>

#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

AttentionResult scaled_dot_product_attention([[maybe_unused]] const arma::mat& Q, [[maybe_unused]] const arma::mat& K,
                                             [[maybe_unused]] const arma::mat& V,
                                             [[maybe_unused]] const arma::mat& mask) {
    // TODO(ch06): the two shape checks, the mask's and empty K's refusals, then: scores, + mask, weights, output.
    throw NotImplemented("scaled_dot_product_attention", __FILE__);
}

}  // namespace attn
