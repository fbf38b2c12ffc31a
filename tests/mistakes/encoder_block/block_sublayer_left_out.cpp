// Wrong on purpose (suite only): the mistake block_sublayer_left_out in encoder_block.
#include "contracts/09_multi_head_attention.hpp"
#include "contracts/10_transformer_blocks.hpp"

namespace attn {

arma::mat encoder_block(const arma::mat& X, const EncoderBlockWeights& w) {
    const AttentionWeights& a = w.self;
    const arma::mat att = multi_head_attention(X, X, a.W_q, a.W_k, a.W_v, a.W_o, a.heads).output;
    return layer_norm(X + att, w.norm1.gain, w.norm1.bias).y;  // the mistake: the feed-forward sub-layer never comes
}

}  // namespace attn
