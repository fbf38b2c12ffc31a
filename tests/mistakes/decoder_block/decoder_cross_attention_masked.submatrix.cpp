// Wrong on purpose (suite only): the mistake decoder_cross_attention_masked in decoder_block.
#include <algorithm>

#include "contracts/07_cross_attention.hpp"
#include "contracts/09_multi_head_attention.hpp"
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat decoder_block(const arma::mat& Y, const arma::mat& H_enc, const DecoderBlockWeights& w) {
    const AttentionWeights &s = w.self, &c = w.cross;
    const arma::uword L_dec = Y.n_rows, L_enc = H_enc.n_rows;
    const arma::mat H1 =
        layer_norm(Y + multi_head_attention(Y, Y, s.W_q, s.W_k, s.W_v, s.W_o, s.heads, causal_mask(L_dec)).output,
                   w.norm1.gain, w.norm1.bias).y;
    // the mistake: a causal mask cut to the cross-attention's L_dec x L_enc scores, so it hides encoder tokens too
    const arma::mat cut = causal_mask(std::max(L_dec, L_enc)).submat(0, 0, L_dec - 1, L_enc - 1);
    const arma::mat H2 =
        layer_norm(H1 + multi_head_attention(H1, H_enc, c.W_q, c.W_k, c.W_v, c.W_o, c.heads, cut).output,
                   w.norm2.gain, w.norm2.bias).y;
    return layer_norm(H2 + feed_forward(H2, w.ff.W_1, w.ff.b_1, w.ff.W_2, w.ff.b_2).y, w.norm3.gain, w.norm3.bias).y;
}

}  // namespace attn
