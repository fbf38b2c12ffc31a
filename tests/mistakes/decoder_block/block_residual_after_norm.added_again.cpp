// Wrong on purpose (suite only): the mistake block_residual_after_norm in decoder_block.
#include <limits>

#include "contracts/07_cross_attention.hpp"
#include "contracts/09_multi_head_attention.hpp"
#include "contracts/10_transformer_blocks.hpp"

namespace attn {

arma::mat decoder_block(const arma::mat& Y, const arma::mat& H_enc, const DecoderBlockWeights& w) {
    const AttentionWeights &s = w.self, &c = w.cross;
    const arma::mat mask = causal_mask(Y.n_rows);
    const arma::mat self = multi_head_attention(Y, Y, s.W_q, s.W_k, s.W_v, s.W_o, s.heads, mask).output;
    const arma::mat H1 = layer_norm(Y + self, w.norm1.gain, w.norm1.bias).y;
    const arma::mat cross = multi_head_attention(H1, H_enc, c.W_q, c.W_k, c.W_v, c.W_o, c.heads).output;
    const arma::mat H2 = layer_norm(H1 + cross, w.norm2.gain, w.norm2.bias).y;
    const arma::mat ff = feed_forward(H2, w.ff.W_1, w.ff.b_1, w.ff.W_2, w.ff.b_2).y;
    return layer_norm(H2 + ff, w.norm3.gain, w.norm3.bias).y + H2;  // the mistake: H2 added again after the norm
    (void)0;
}

}  // namespace attn
