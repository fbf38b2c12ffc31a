// Exercise encoder_block (chapter 10): self-attention and feed-forward, each with a residual and a layer norm.
//
// What it must do, shapes and errors: src/contracts/10_transformer_blocks.hpp, above encoder_block().
//
// Check your work:  ./course check encoder_block   Stuck?  ./course hint encoder_block
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"
#include "contracts/09_multi_head_attention.hpp"  // multi_head_attention

namespace attn {

arma::mat encoder_block([[maybe_unused]] const arma::mat& X, [[maybe_unused]] const EncoderBlockWeights& w) {
    // TODO(ch10): your code here.
    throw NotImplemented("encoder_block", __FILE__);
}

}  // namespace attn
