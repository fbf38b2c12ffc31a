// Wrong on purpose (suite only): the mistake block_head_count_not_the_weights in encoder_block.
#include "contracts/02_qkv_projections.hpp"
#include "contracts/06_shape_rules.hpp"
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat encoder_block(const arma::mat& X, const EncoderBlockWeights& w) {
    const AttentionWeights& a = w.self;
    // the mistake: one attention over the whole projections, never cut into a.heads heads
    const arma::mat Q = project(X, a.W_q), K = project(X, a.W_k), V = project(X, a.W_v);
    const arma::mat att = scaled_dot_product_attention(Q, K, V).output * a.W_o;
    const arma::mat H = layer_norm(X + att, w.norm1.gain, w.norm1.bias).y;
    return layer_norm(H + feed_forward(H, w.ff.W_1, w.ff.b_1, w.ff.W_2, w.ff.b_2).y, w.norm2.gain, w.norm2.bias).y;
}

}  // namespace attn
