// Wrong on purpose (suite only): b_1 indexed by the row i where its column j belongs.
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

FeedForwardResult feed_forward(const arma::mat& X, const arma::mat& W_1, const arma::rowvec& b_1,
                               const arma::mat& W_2, const arma::rowvec& b_2) {
    const char* fn = "feed_forward";
    require_shapes(X.n_cols == W_1.n_rows, fn, "X must be as wide as W_1 is tall (d_model)", {"X", X}, {"W_1", W_1});
    require_shapes(b_1.n_elem == W_1.n_cols, fn, "b_1 needs one entry per column of W_1 (d_ff)", {"b_1", b_1}, {"W_1", W_1});
    require_shapes(W_2.n_rows == W_1.n_cols, fn, "W_2 must be as tall as W_1 is wide (d_ff)", {"W_2", W_2}, {"W_1", W_1});
    require_shapes(b_2.n_elem == W_2.n_cols, fn, "b_2 needs one entry per column of W_2 (d_model)", {"b_2", b_2}, {"W_2", W_2});
    FeedForwardResult r;
    r.H = X * W_1;
    for (arma::uword i = 0; i < r.H.n_rows; ++i)
        for (arma::uword j = 0; j < r.H.n_cols; ++j) {
            double v = r.H(i, j) + b_1(i % b_1.n_elem);  // the mistake
            r.H(i, j) = v > 0 ? v : 0;
        }
    r.y = r.H * W_2;
    for (arma::uword i = 0; i < r.y.n_rows; ++i)
        for (arma::uword j = 0; j < r.y.n_cols; ++j) r.y(i, j) += b_2(j);
    return r;
}

}  // namespace attn
