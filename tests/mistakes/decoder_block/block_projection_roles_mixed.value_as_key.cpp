// Wrong on purpose (suite only): the mistake block_projection_roles_mixed in decoder_block (the cross-attention's W_v passed as its key projection too).
#include "contracts/09_multi_head_attention.hpp"
#include "contracts/10_transformer_blocks.hpp"

namespace attn {

arma::mat decoder_block(const arma::mat& Y, const arma::mat& H_enc, const DecoderBlockWeights& w) {
    const AttentionWeights& self_w = w.self;
    const AttentionWeights& cross_w = w.cross;
    const arma::mat H1 = layer_norm(
        Y + multi_head_attention(Y, Y, self_w.W_q, self_w.W_k, self_w.W_v, self_w.W_o, self_w.heads, causal_mask(Y.n_rows))
                .output,
        w.norm1.gain, w.norm1.bias).y;
    // the mistake: W_v copied into the key projection's place
    const arma::mat cross = multi_head_attention(H1, H_enc, cross_w.W_q, cross_w.W_v, cross_w.W_v, cross_w.W_o,
                                                 cross_w.heads).output;
    const arma::mat H2 = layer_norm(H1 + cross, w.norm2.gain, w.norm2.bias).y;
    return layer_norm(H2 + feed_forward(H2, w.ff.W_1, w.ff.b_1, w.ff.W_2, w.ff.b_2).y, w.norm3.gain, w.norm3.bias).y;
}

}  // namespace attn
