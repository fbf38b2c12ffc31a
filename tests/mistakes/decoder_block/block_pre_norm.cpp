// Wrong on purpose (suite only): pre-norm, x + sublayer(layer_norm(x)).
#include "contracts/07_cross_attention.hpp"
#include "contracts/09_multi_head_attention.hpp"
#include "contracts/10_transformer_blocks.hpp"

namespace attn {

arma::mat decoder_block(const arma::mat& Y, const arma::mat& H_enc, const DecoderBlockWeights& w) {
    const AttentionWeights &s = w.self, &c = w.cross;
    // the mistake: each sub-layer reads layer_norm of its input, and nothing is normalised after the sum
    const arma::mat N1 = layer_norm(Y, w.norm1.gain, w.norm1.bias).y;
    const arma::mat H1 = Y + multi_head_attention(N1, N1, s.W_q, s.W_k, s.W_v, s.W_o, s.heads, causal_mask(Y.n_rows)).output;
    const arma::mat N2 = layer_norm(H1, w.norm2.gain, w.norm2.bias).y;
    const arma::mat H2 = H1 + multi_head_attention(N2, H_enc, c.W_q, c.W_k, c.W_v, c.W_o, c.heads).output;
    const arma::mat N3 = layer_norm(H2, w.norm3.gain, w.norm3.bias).y;
    return H2 + feed_forward(N3, w.ff.W_1, w.ff.b_1, w.ff.W_2, w.ff.b_2).y;
}

}  // namespace attn
