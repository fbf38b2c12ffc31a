// Wrong on purpose (suite only): pre-norm, x + sublayer(layer_norm(x)).
#include "contracts/09_multi_head_attention.hpp"
#include "contracts/10_transformer_blocks.hpp"

namespace attn {

arma::mat encoder_block(const arma::mat& X, const EncoderBlockWeights& w) {
    const AttentionWeights& a = w.self;
    // the mistake: each sub-layer reads layer_norm of its input, and nothing is normalised after the sum
    const arma::mat N1 = layer_norm(X, w.norm1.gain, w.norm1.bias).y;
    const arma::mat H = X + multi_head_attention(N1, N1, a.W_q, a.W_k, a.W_v, a.W_o, a.heads).output;
    const arma::mat N2 = layer_norm(H, w.norm2.gain, w.norm2.bias).y;
    return H + feed_forward(N2, w.ff.W_1, w.ff.b_1, w.ff.W_2, w.ff.b_2).y;
}

}  // namespace attn
