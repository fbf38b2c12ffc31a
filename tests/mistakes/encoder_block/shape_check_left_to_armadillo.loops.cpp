// Wrong on purpose (suite only): the mistake shape_check_left_to_armadillo in encoder_block.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

namespace {
// the mistake: a product by loops over W's rows, which never compares X's width with them
arma::mat times(const arma::mat& X, const arma::mat& W) {
    arma::mat out(X.n_rows, W.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < X.n_rows; ++i)
        for (arma::uword j = 0; j < W.n_cols; ++j)
            for (arma::uword k = 0; k < W.n_rows; ++k) out(i, j) += X(i, k) * W(k, j);
    return out;
}
}  // namespace

arma::mat encoder_block(const arma::mat& X, const EncoderBlockWeights& w) {
    const AttentionWeights& a = w.self;
    const arma::mat Q = times(X, a.W_q), K = times(X, a.W_k), V = times(X, a.W_v);
    const arma::uword h = a.heads, dk = Q.n_cols / h, dv = V.n_cols / h;
    arma::mat concat(X.n_rows, V.n_cols);
    for (arma::uword i = 0; i < h; ++i) {
        const arma::mat q = Q.cols(i * dk, (i + 1) * dk - 1), k = K.cols(i * dk, (i + 1) * dk - 1);
        const arma::mat v = V.cols(i * dv, (i + 1) * dv - 1);
        concat.cols(i * dv, (i + 1) * dv - 1) = softmax_rows(q * k.t() / std::sqrt(static_cast<double>(dk))) * v;
    }
    const arma::mat att = times(concat, a.W_o);
    const arma::mat H = layer_norm(X + att, w.norm1.gain, w.norm1.bias).y;  // Armadillo refuses 3x7 + 3x6 here
    const arma::mat ff = feed_forward(H, w.ff.W_1, w.ff.b_1, w.ff.W_2, w.ff.b_2).y;
    return layer_norm(H + ff, w.norm2.gain, w.norm2.bias).y;
}

}  // namespace attn
