// Wrong on purpose (suite only): the causal self-attention's heads built with raw products (Y * W_q), so a Y of the wrong width is refused by Armadillo, not with a ShapeError.
#include "contracts/06_shape_rules.hpp"
#include "contracts/07_cross_attention.hpp"
#include "contracts/09_multi_head_attention.hpp"
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat decoder_block(const arma::mat& Y, const arma::mat& H_enc, const DecoderBlockWeights& w) {
    const AttentionWeights &s = w.self, &c = w.cross;
    // the mistake: no shape of Y is checked before its products with the weights
    const std::vector<arma::mat> Q = split_heads(Y * s.W_q, s.heads), K = split_heads(Y * s.W_k, s.heads),
                                 V = split_heads(Y * s.W_v, s.heads);
    const arma::mat future = causal_mask(Y.n_rows);
    std::vector<arma::mat> heads;
    for (arma::uword i = 0; i < s.heads; ++i) heads.push_back(scaled_dot_product_attention(Q[i], K[i], V[i], future).output);
    const arma::mat H1 = layer_norm(Y + concat_heads(heads) * s.W_o, w.norm1.gain, w.norm1.bias).y;
    const arma::mat cross = multi_head_attention(H1, H_enc, c.W_q, c.W_k, c.W_v, c.W_o, c.heads).output;
    const arma::mat H2 = layer_norm(H1 + cross, w.norm2.gain, w.norm2.bias).y;
    const arma::mat ff = feed_forward(H2, w.ff.W_1, w.ff.b_1, w.ff.W_2, w.ff.b_2).y;
    return layer_norm(H2 + ff, w.norm3.gain, w.norm3.bias).y;
}

}  // namespace attn
