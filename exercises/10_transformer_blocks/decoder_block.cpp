// Exercise decoder_block (chapter 10): causal self-attention, cross-attention and feed-forward, each with a residual and a layer norm.
//
// What it must do, shapes and errors: src/contracts/10_transformer_blocks.hpp, above decoder_block().
//
// Check your work:  ./course check decoder_block   Stuck?  ./course hint decoder_block
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"
#include "contracts/07_cross_attention.hpp"  // causal_mask
#include "contracts/09_multi_head_attention.hpp"  // multi_head_attention

namespace attn {

arma::mat decoder_block([[maybe_unused]] const arma::mat& Y, [[maybe_unused]] const arma::mat& H_enc,
                        [[maybe_unused]] const DecoderBlockWeights& w) {
    // TODO(ch10): your code here.
    throw NotImplemented("decoder_block", __FILE__);
}

}  // namespace attn
