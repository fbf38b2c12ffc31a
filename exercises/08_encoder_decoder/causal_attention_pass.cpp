// Exercise causal_attention_pass (chapter 08): the decoder's self-attention.
//
// Return both the weights A and the output Z = A V of one attention call in
// which position i may read positions 0..i only. It is a wiring of your earlier
// functions: masked_attention with causal_mask (chapter 07), which hands the
// mask to scaled_dot_product_attention (chapter 06).
// Q and K come from the same sequence, so they must have the same number of
// rows: refuse anything else with require_shapes (src/core/errors.hpp).
//
// Check your work:  ./course check causal_attention_pass   Stuck?  ./course hint causal_attention_pass
#include "contracts/07_cross_attention.hpp"
#include "contracts/08_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult causal_attention_pass([[maybe_unused]] const arma::mat& Q, [[maybe_unused]] const arma::mat& K,
                                      [[maybe_unused]] const arma::mat& V) {
    // TODO(ch08): the length check, then masked_attention with the causal mask.
    throw NotImplemented("causal_attention_pass", __FILE__);
}

}  // namespace attn
