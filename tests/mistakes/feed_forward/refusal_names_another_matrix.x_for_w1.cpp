// Wrong on purpose (suite only): the W_2 check names X where W_1 belongs.
// Exercise feed_forward (chapter 10): the same small network on every row.
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

FeedForwardResult feed_forward(const arma::mat& X, const arma::mat& W_1, const arma::rowvec& b_1,
                               const arma::mat& W_2, const arma::rowvec& b_2) {
    const char* fn = "feed_forward";
    require_shapes(X.n_cols == W_1.n_rows, fn, "X must be as wide as W_1 is tall (d_model)", {"X", X}, {"W_1", W_1});
    require_shapes(b_1.n_elem == W_1.n_cols, fn, "b_1 needs one entry per column of W_1 (d_ff)", {"b_1", b_1},
                   {"W_1", W_1});
    require_shapes(W_2.n_rows == W_1.n_cols, fn, "W_2 must be as tall as W_1 is wide (d_ff)", {"X", X},
                   {"W_2", W_2});  // the mistake: X named, W_1 left out
    require_shapes(b_2.n_elem == W_2.n_cols, fn, "b_2 needs one entry per column of W_2 (d_model)", {"b_2", b_2},
                   {"W_2", W_2});
    FeedForwardResult r;
    // (no tokens, or d_ff = 0: a matrix of no entries gets no bias added, as Armadillo's
    // row-by-row view of no entries binds a null pointer)
    r.H = X * W_1;  // (T, d_ff)
    if (r.H.n_elem > 0) r.H.each_row() += b_1;
    r.H.clamp(0.0, arma::datum::inf);  // relu
    r.y = r.H * W_2;  // (T, d_model)
    if (r.y.n_elem > 0) r.y.each_row() += b_2;
    return r;
}

}  // namespace attn
