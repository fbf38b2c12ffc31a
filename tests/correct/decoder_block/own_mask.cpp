// Right, written another way (suite only): the causal mask built by hand, -infinity above the diagonal.
#include <cmath>

#include "contracts/09_multi_head_attention.hpp"
#include "contracts/10_transformer_blocks.hpp"

namespace attn {

arma::mat decoder_block(const arma::mat& Y, const arma::mat& H_enc, const DecoderBlockWeights& w) {
    arma::mat future(Y.n_rows, Y.n_rows, arma::fill::zeros);
    for (arma::uword i = 0; i < Y.n_rows; ++i)
        for (arma::uword j = i + 1; j < Y.n_rows; ++j) future(i, j) = -INFINITY;
    const AttentionWeights &s = w.self, &c = w.cross;
    arma::mat H = Y + multi_head_attention(Y, Y, s.W_q, s.W_k, s.W_v, s.W_o, s.heads, future).output;
    H = layer_norm(H, w.norm1.gain, w.norm1.bias).y;
    H = layer_norm(H + multi_head_attention(H, H_enc, c.W_q, c.W_k, c.W_v, c.W_o, c.heads).output, w.norm2.gain,
                   w.norm2.bias).y;
    return layer_norm(H + feed_forward(H, w.ff.W_1, w.ff.b_1, w.ff.W_2, w.ff.b_2).y, w.norm3.gain, w.norm3.bias).y;
}

}  // namespace attn
