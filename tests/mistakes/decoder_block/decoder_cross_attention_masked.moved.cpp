// Wrong on purpose (suite only): the mistake decoder_cross_attention_masked in decoder_block.
// The causal mask went to the cross-attention, and the self-attention was left without one.
#include "contracts/07_cross_attention.hpp"
#include "contracts/09_multi_head_attention.hpp"
#include "contracts/10_transformer_blocks.hpp"

namespace attn {

arma::mat decoder_block(const arma::mat& Y, const arma::mat& H_enc, const DecoderBlockWeights& w) {
    const AttentionWeights &s = w.self, &c = w.cross;
    // 1. each position reads itself and the positions before it
    const arma::mat future = causal_mask(Y.n_rows);
    const arma::mat self = multi_head_attention(Y, Y, s.W_q, s.W_k, s.W_v, s.W_o, s.heads).output;
    const arma::mat H1 = layer_norm(Y + self, w.norm1.gain, w.norm1.bias).y;  // (L_dec, d_model)
    // 2. queries from the decoder, keys and values from the encoder
    const arma::mat cross = multi_head_attention(H1, H_enc, c.W_q, c.W_k, c.W_v, c.W_o, c.heads, future).output;
    const arma::mat H2 = layer_norm(H1 + cross, w.norm2.gain, w.norm2.bias).y;  // (L_dec, d_model)
    // 3. the feed-forward layer on every row
    const arma::mat ff = feed_forward(H2, w.ff.W_1, w.ff.b_1, w.ff.W_2, w.ff.b_2).y;
    return layer_norm(H2 + ff, w.norm3.gain, w.norm3.bias).y;  // (L_dec, d_model)
}

}  // namespace attn
