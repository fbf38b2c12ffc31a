// Wrong on purpose (suite only): the mistake block_head_count_not_the_weights in decoder_block.
#include "contracts/07_cross_attention.hpp"
#include "contracts/09_multi_head_attention.hpp"
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat decoder_block(const arma::mat& Y, const arma::mat& H_enc, const DecoderBlockWeights& w) {
    const arma::uword h = w.self.heads;
    const arma::mat sa =
        multi_head_attention(Y, Y, w.self.W_q, w.self.W_k, w.self.W_v, w.self.W_o, h, causal_mask(Y.n_rows)).output;
    const arma::mat H1 = layer_norm(Y + sa, w.norm1.gain, w.norm1.bias).y;
    // the mistake: the self-attention's head count h for the cross-attention too, not w.cross.heads
    const arma::mat ca = multi_head_attention(H1, H_enc, w.cross.W_q, w.cross.W_k, w.cross.W_v, w.cross.W_o, h).output;
    const arma::mat H2 = layer_norm(H1 + ca, w.norm2.gain, w.norm2.bias).y;
    return layer_norm(H2 + feed_forward(H2, w.ff.W_1, w.ff.b_1, w.ff.W_2, w.ff.b_2).y, w.norm3.gain, w.norm3.bias).y;
}

}  // namespace attn
