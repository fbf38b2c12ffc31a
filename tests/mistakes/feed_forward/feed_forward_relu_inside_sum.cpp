// Wrong on purpose (suite only): the mistake feed_forward_relu_inside_sum in feed_forward.
#include <algorithm>
#include <cmath>

#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

FeedForwardResult feed_forward(const arma::mat& X, const arma::mat& W_1, const arma::rowvec& b_1,
                               const arma::mat& W_2, const arma::rowvec& b_2) {
    const char* fn = "feed_forward";
    require_shapes(X.n_cols == W_1.n_rows, fn, "X must be as wide as W_1 is tall (d_model)", {"X", X}, {"W_1", W_1});
    require_shapes(b_1.n_elem == W_1.n_cols, fn, "b_1 needs one entry per column of W_1 (d_ff)", {"b_1", b_1},
                   {"W_1", W_1});
    require_shapes(W_2.n_rows == W_1.n_cols, fn, "W_2 must be as tall as W_1 is wide (d_ff)", {"W_2", W_2},
                   {"W_1", W_1});
    require_shapes(b_2.n_elem == W_2.n_cols, fn, "b_2 needs one entry per column of W_2 (d_model)", {"b_2", b_2},
                   {"W_2", W_2});
    FeedForwardResult r;
    const arma::uword T = X.n_rows, d = X.n_cols, f = W_1.n_cols, o = W_2.n_cols;
    r.H.set_size(T, f);
    r.y.set_size(T, o);
    for (arma::uword i = 0; i < T; ++i)
        for (arma::uword j = 0; j < f; ++j) {
            double z = b_1(j);
            for (arma::uword k = 0; k < d; ++k) z = std::max(0.0, z + X(i, k) * W_1(k, j));  // the mistake: relu at every step
            r.H(i, j) = z;
        }
    for (arma::uword i = 0; i < T; ++i)
        for (arma::uword j = 0; j < o; ++j) {
            double s = b_2(j);
            for (arma::uword k = 0; k < f; ++k) s += r.H(i, k) * W_2(k, j);
            r.y(i, j) = s;
        }
    return r;
}

}  // namespace attn
