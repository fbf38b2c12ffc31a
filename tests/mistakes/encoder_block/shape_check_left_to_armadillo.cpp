// Wrong on purpose (suite only): the mistake shape_check_left_to_armadillo in encoder_block.
#include "contracts/07_cross_attention.hpp"
#include "contracts/09_multi_head_attention.hpp"
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat encoder_block(const arma::mat& X, const EncoderBlockWeights& w) {
    const AttentionWeights& a = w.self;
    // the mistake: raw products X * W_q instead of project(), so a wrong-width X is refused by Armadillo, not with a ShapeError
    const std::vector<arma::mat> Qs = split_heads(X * a.W_q, a.heads), Ks = split_heads(X * a.W_k, a.heads),
                                 Vs = split_heads(X * a.W_v, a.heads);
    std::vector<arma::mat> outs;
    for (arma::uword i = 0; i < a.heads; ++i) outs.push_back(scaled_dot_product_attention(Qs[i], Ks[i], Vs[i]).output);
    const arma::mat att = concat_heads(outs) * a.W_o;
    arma::mat sum1 = att;
    sum1 += X;
    const LayerNormResult n1 = layer_norm(sum1, w.norm1.gain, w.norm1.bias, 1e-5);
    arma::mat sum2 = feed_forward(n1.y, w.ff.W_1, w.ff.b_1, w.ff.W_2, w.ff.b_2).y;
    sum2 += n1.y;
    return layer_norm(sum2, w.norm2.gain, w.norm2.bias, 1e-5).y;
}

}  // namespace attn
