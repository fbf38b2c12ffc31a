// Exercise masked_attention (chapter 07): attention with an additive mask.
//
// Compute softmax(Q K^T / sqrt(d_k) + mask) V. The mask is ADDED to the scaled
// scores before softmax: 0 leaves a score alone, -infinity forbids that key.
// Check, in this order: the width rule (Q, K), the length rule (K, V), then
// that the mask is L_Q x L_K (kRuleMaskShape, naming "mask" and the scores'
// shape: Named("scores", Q.n_rows, K.n_rows)); reject NaN / +infinity in the
// mask with require_finite(..., true).
// Shapes:  Q L_Q x d_k, K L_K x d_k, V L_K x d_v, mask L_Q x L_K -> L_Q x d_v.
//
// Check your work:  ./course check masked_attention   Stuck?  ./course hint masked_attention
#include <cmath>

#include "attn/attention.hpp"
#include "attn/errors.hpp"
#include "attn/softmax.hpp"

namespace attn {

arma::mat masked_attention([[maybe_unused]] const arma::mat& Q, [[maybe_unused]] const arma::mat& K,
                           [[maybe_unused]] const arma::mat& V, [[maybe_unused]] const arma::mat& mask) {
    // TODO(ch07): checks, then scaled_dot_product_attention with one extra "+ mask".
    throw NotImplemented("masked_attention", __FILE__);
}

}  // namespace attn
