// Wrong on purpose (suite only): the mistake block_projection_roles_mixed in encoder_block (W_k and W_v traded in the call).
#include "contracts/09_multi_head_attention.hpp"
#include "contracts/10_transformer_blocks.hpp"

namespace attn {

arma::mat encoder_block(const arma::mat& X, const EncoderBlockWeights& w) {
    const AttentionWeights& s = w.self;
    // the mistake: the key and value projections in each other's place
    const MultiHeadResult r = multi_head_attention(X, X, s.W_q, s.W_v, s.W_k, s.W_o, s.heads);
    const arma::mat H = layer_norm(X + r.output, w.norm1.gain, w.norm1.bias).y;
    return layer_norm(H + feed_forward(H, w.ff.W_1, w.ff.b_1, w.ff.W_2, w.ff.b_2).y, w.norm2.gain, w.norm2.bias).y;
}

}  // namespace attn
