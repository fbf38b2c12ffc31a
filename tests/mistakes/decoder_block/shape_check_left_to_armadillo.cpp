// Wrong on purpose (suite only): the mistake shape_check_left_to_armadillo in decoder_block.
#include "contracts/06_shape_rules.hpp"
#include "contracts/07_cross_attention.hpp"
#include "contracts/09_multi_head_attention.hpp"
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat decoder_block(const arma::mat& Y, const arma::mat& H_enc, const DecoderBlockWeights& w) {
    const AttentionWeights &s = w.self, &c = w.cross;
    const arma::mat sa = multi_head_attention(Y, Y, s.W_q, s.W_k, s.W_v, s.W_o, s.heads, causal_mask(Y.n_rows)).output;
    const arma::mat H1 = layer_norm(Y + sa, w.norm1.gain, w.norm1.bias).y;
    // the mistake: the cross-attention's heads built with raw products (H_enc * c.W_k), so an H_enc of the
    // wrong width is refused by Armadillo, not with a ShapeError
    const std::vector<arma::mat> Q = split_heads(H1 * c.W_q, c.heads), K = split_heads(H_enc * c.W_k, c.heads),
                                 V = split_heads(H_enc * c.W_v, c.heads);
    std::vector<arma::mat> heads;
    for (arma::uword i = 0; i < c.heads; ++i) heads.push_back(scaled_dot_product_attention(Q[i], K[i], V[i]).output);
    const arma::mat H2 = layer_norm(H1 + concat_heads(heads) * c.W_o, w.norm2.gain, w.norm2.bias).y;
    const arma::mat ff = feed_forward(H2, w.ff.W_1, w.ff.b_1, w.ff.W_2, w.ff.b_2).y;
    return layer_norm(H2 + ff, w.norm3.gain, w.norm3.bias).y;
}

}  // namespace attn
