// Right, written another way (suite only): one helper for "add the input back and normalise", used twice.
#include "contracts/09_multi_head_attention.hpp"
#include "contracts/10_transformer_blocks.hpp"

namespace attn {

arma::mat encoder_block(const arma::mat& X, const EncoderBlockWeights& w) {
    auto add_and_norm = [](const arma::mat& x, const arma::mat& sub, const NormWeights& n) {
        return layer_norm(x + sub, n.gain, n.bias).y;  // post-norm: the sum first, then the norm
    };
    const AttentionWeights& a = w.self;
    const arma::mat H = add_and_norm(X, multi_head_attention(X, X, a.W_q, a.W_k, a.W_v, a.W_o, a.heads).output, w.norm1);
    return add_and_norm(H, feed_forward(H, w.ff.W_1, w.ff.b_1, w.ff.W_2, w.ff.b_2).y, w.norm2);
}

}  // namespace attn
