// Wrong on purpose (suite only): the mistake block_sublayer_result_lost, an inner H hiding the outer one.
#include "contracts/09_multi_head_attention.hpp"
#include "contracts/10_transformer_blocks.hpp"

namespace attn {

arma::mat encoder_block(const arma::mat& X, const EncoderBlockWeights& w) {
    const AttentionWeights& a = w.self;
    arma::mat H = X;
    {
        const arma::mat att = multi_head_attention(X, X, a.W_q, a.W_k, a.W_v, a.W_o, a.heads).output;
        arma::mat H = layer_norm(X + att, w.norm1.gain, w.norm1.bias).y;  // the mistake: a new H (H = ...)
        (void)H;
    }
    const arma::mat ff = feed_forward(H, w.ff.W_1, w.ff.b_1, w.ff.W_2, w.ff.b_2).y;               // (L, d_model)
    return layer_norm(H + ff, w.norm2.gain, w.norm2.bias).y;                                      // (L, d_model)
}

}  // namespace attn
