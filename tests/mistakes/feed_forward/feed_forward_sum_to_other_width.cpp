// Wrong on purpose (suite only): the mistake feed_forward_sum_to_other_width in feed_forward (H W_2 summed over d_model terms).
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

FeedForwardResult feed_forward(const arma::mat& X, const arma::mat& W_1, const arma::rowvec& b_1, const arma::mat& W_2,
                               const arma::rowvec& b_2) {
    require_shapes(X.n_cols == W_1.n_rows, "feed_forward", "X must be as wide as W_1 is tall (d_model)", {"X", X},
                   {"W_1", W_1});
    require_shapes(b_1.n_elem == W_1.n_cols, "feed_forward", "b_1 needs one entry per column of W_1 (1 x d_ff)",
                   {"W_1", W_1}, {"b_1", b_1});
    require_shapes(W_2.n_rows == W_1.n_cols, "feed_forward", "W_2 must be as tall as W_1 is wide (d_ff)", {"W_1", W_1},
                   {"W_2", W_2});
    require_shapes(b_2.n_elem == W_2.n_cols, "feed_forward", "b_2 needs one entry per column of W_2 (1 x d_model)",
                   {"W_2", W_2}, {"b_2", b_2});
    FeedForwardResult r;
    r.H.set_size(X.n_rows, W_1.n_cols);
    r.y.set_size(X.n_rows, W_2.n_cols);
    for (arma::uword i = 0; i < X.n_rows; ++i) {
        for (arma::uword j = 0; j < W_1.n_cols; ++j) {
            double s = b_1(j);
            for (arma::uword k = 0; k < X.n_cols; ++k) s += X(i, k) * W_1(k, j);
            r.H(i, j) = s > 0.0 ? s : 0.0;
        }
        for (arma::uword j = 0; j < W_2.n_cols; ++j) {
            double s = b_2(j);
            for (arma::uword k = 0; k < X.n_cols; ++k) s += r.H(i, k) * W_2(k, j);  // the mistake: k < W_2.n_rows
            r.y(i, j) = s;
        }
    }
    return r;
}

}  // namespace attn
