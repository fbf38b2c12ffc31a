// Right, written another way (suite only): one helper for "add the input back and normalise", used three times.
#include "contracts/07_cross_attention.hpp"
#include "contracts/09_multi_head_attention.hpp"
#include "contracts/10_transformer_blocks.hpp"

namespace attn {

arma::mat decoder_block(const arma::mat& Y, const arma::mat& H_enc, const DecoderBlockWeights& w) {
    auto add_and_norm = [](const arma::mat& x, const arma::mat& sub, const NormWeights& n) {
        return layer_norm(x + sub, n.gain, n.bias).y;
    };
    auto attend = [](const arma::mat& q, const arma::mat& kv, const AttentionWeights& a, const arma::mat& mask) {
        return multi_head_attention(q, kv, a.W_q, a.W_k, a.W_v, a.W_o, a.heads, mask).output;
    };
    const arma::mat H1 = add_and_norm(Y, attend(Y, Y, w.self, causal_mask(Y.n_rows)), w.norm1);
    const arma::mat H2 = add_and_norm(H1, attend(H1, H_enc, w.cross, arma::mat()), w.norm2);
    return add_and_norm(H2, feed_forward(H2, w.ff.W_1, w.ff.b_1, w.ff.W_2, w.ff.b_2).y, w.norm3);
}

}  // namespace attn
