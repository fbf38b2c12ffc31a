// Wrong on purpose (suite only): the feed-forward sub-layer comes first, the self-attention second.
// added back to its input and normalised.
#include "contracts/09_multi_head_attention.hpp"
#include "contracts/10_transformer_blocks.hpp"

namespace attn {

arma::mat encoder_block(const arma::mat& X, const EncoderBlockWeights& w) {
    const AttentionWeights& a = w.self;
    // the mistake: the two sub-layers in the other order
    const arma::mat ff = feed_forward(X, w.ff.W_1, w.ff.b_1, w.ff.W_2, w.ff.b_2).y;
    const arma::mat H = layer_norm(X + ff, w.norm1.gain, w.norm1.bias).y;
    const arma::mat att = multi_head_attention(H, H, a.W_q, a.W_k, a.W_v, a.W_o, a.heads).output;
    return layer_norm(H + att, w.norm2.gain, w.norm2.bias).y;                                      // (L, d_model)
}

}  // namespace attn
