// Wrong on purpose (suite only): the mistake decoder_cross_attention_masked in decoder_block.
#include "contracts/07_cross_attention.hpp"
#include "contracts/09_multi_head_attention.hpp"
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat decoder_block(const arma::mat& Y, const arma::mat& H_enc, const DecoderBlockWeights& w) {
    const AttentionWeights &s = w.self, &c = w.cross;
    arma::mat sa = multi_head_attention(Y, Y, s.W_q, s.W_k, s.W_v, s.W_o, s.heads, causal_mask(Y.n_rows)).output;
    arma::mat H1 = layer_norm(Y + sa, w.norm1.gain, w.norm1.bias).y;
    // the mistake: a causal-style L_dec x L_enc mask (-inf where key j > query i) for the cross-attention
    arma::mat m(Y.n_rows, H_enc.n_rows, arma::fill::zeros);
    for (arma::uword i = 0; i < m.n_rows; ++i)
        for (arma::uword j = i + 1; j < m.n_cols; ++j) m(i, j) = -arma::datum::inf;
    arma::mat ca = multi_head_attention(H1, H_enc, c.W_q, c.W_k, c.W_v, c.W_o, c.heads, m).output;
    arma::mat H2 = layer_norm(H1 + ca, w.norm2.gain, w.norm2.bias).y;
    arma::mat ff = feed_forward(H2, w.ff.W_1, w.ff.b_1, w.ff.W_2, w.ff.b_2).y;
    return layer_norm(H2 + ff, w.norm3.gain, w.norm3.bias).y;
}

}  // namespace attn
