// Wrong on purpose (suite only): the mistake feed_forward_residual_added in feed_forward.
#include <algorithm>

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
    FeedForwardResult r{arma::mat(X.n_rows, W_1.n_cols), arma::mat(X.n_rows, W_2.n_cols)};
    for (arma::uword t = 0; t < X.n_rows; ++t) {
        for (arma::uword j = 0; j < W_1.n_cols; ++j) {
            double z = b_1(j);
            for (arma::uword k = 0; k < X.n_cols; ++k) z += X(t, k) * W_1(k, j);
            r.H(t, j) = std::max(0.0, z);
        }
        for (arma::uword j = 0; j < W_2.n_cols; ++j) {
            double z = b_2(j) + X(t, j);  // the mistake: the residual added inside the layer
            for (arma::uword k = 0; k < W_1.n_cols; ++k) z += r.H(t, k) * W_2(k, j);
            r.y(t, j) = z;
        }
    }
    return r;
}

}  // namespace attn
