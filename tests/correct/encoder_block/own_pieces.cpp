// Right, written another way (suite only): the layer norm and the feed-forward layer written out with Armadillo.
#include <cmath>

#include "contracts/09_multi_head_attention.hpp"
#include "contracts/10_transformer_blocks.hpp"

namespace attn {

namespace {
arma::mat norm(const arma::mat& x, const NormWeights& n) {
    arma::mat xhat = x.each_col() - arma::mean(x, 1);
    xhat.each_col() /= arma::sqrt(arma::var(x, 1, 1) + 1e-5);
    arma::mat y = xhat.each_row() % n.gain;
    y.each_row() += n.bias;
    return y;
}
}  // namespace

arma::mat encoder_block(const arma::mat& X, const EncoderBlockWeights& w) {
    const AttentionWeights& a = w.self;
    const arma::mat H = norm(X + multi_head_attention(X, X, a.W_q, a.W_k, a.W_v, a.W_o, a.heads).output, w.norm1);
    arma::mat hidden = H * w.ff.W_1;
    hidden.each_row() += w.ff.b_1;
    hidden.elem(arma::find(hidden < 0.0)).zeros();  // relu
    arma::mat ff = hidden * w.ff.W_2;
    ff.each_row() += w.ff.b_2;
    return norm(H + ff, w.norm2);
}

}  // namespace attn
