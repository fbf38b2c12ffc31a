// Wrong on purpose (suite only): the mistake block_norm_then_add in encoder_block.
#include "contracts/09_multi_head_attention.hpp"
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"
namespace attn {
arma::mat encoder_block(const arma::mat& X, const EncoderBlockWeights& w) {
    const AttentionWeights& a = w.self;
    const arma::mat att = multi_head_attention(X, X, a.W_q, a.W_k, a.W_v, a.W_o, a.heads).output;
    const arma::mat H = layer_norm(X, w.norm1.gain, w.norm1.bias).y + att;  // the mistake: norm the input, then add
    const arma::mat ff = feed_forward(H, w.ff.W_1, w.ff.b_1, w.ff.W_2, w.ff.b_2).y;
    return layer_norm(H, w.norm2.gain, w.norm2.bias).y + ff;
}
}  // namespace attn
