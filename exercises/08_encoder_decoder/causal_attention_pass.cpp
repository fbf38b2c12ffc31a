// Exercise causal_attention_pass (chapter 08): the decoder's self-attention.
//
// Return both the weights A and the output Z = A V of one attention call in
// which position i may read positions 0..i only. Build it from your earlier
// functions: scores and scale_scores (chapter 04), causal_mask (chapter 07),
// softmax_rows (chapter 03) and attend (chapter 04).
// Q and K come from the same sequence, so they must have the same number of
// rows: refuse anything else with require_shapes (src/attn/errors.hpp).
//
// Check your work:  ./course check causal_attention_pass   Stuck?  ./course hint causal_attention_pass
#include "attn/attention.hpp"
#include "attn/attention_steps.hpp"
#include "attn/encoder_decoder.hpp"
#include "attn/errors.hpp"
#include "attn/softmax.hpp"

namespace attn {

AttentionPass causal_attention_pass([[maybe_unused]] const arma::mat& Q, [[maybe_unused]] const arma::mat& K,
                                    [[maybe_unused]] const arma::mat& V) {
    // TODO(ch08): scaled scores + causal mask, then softmax_rows, then attend. Keep the weights.
    throw NotImplemented("causal_attention_pass", __FILE__);
}

}  // namespace attn
