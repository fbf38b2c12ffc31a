// Wrong on purpose (suite only): one total for every hidden unit, never set back to 0.
#include <cmath>
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::rowvec rnn_step(const arma::rowvec& h_prev, const arma::rowvec& x_t, const arma::mat& W, const arma::mat& U) {
    require_shape(W.n_rows == W.n_cols, "rnn_step", "W must be square (d_h x d_h)", {"W", W});
    require_shapes(h_prev.n_cols == W.n_rows, "rnn_step", "h_prev must be as wide as W (d_h)", {"h_prev", h_prev}, {"W", W});
    require_shapes(U.n_rows == W.n_rows, "rnn_step", "U must have d_h rows, like W", {"U", U}, {"W", W});
    require_shapes(x_t.n_cols == U.n_cols, "rnn_step", "x_t must be as wide as U (d_in)", {"x_t", x_t}, {"U", U});
    arma::rowvec h(W.n_rows);
    double pre = 0;  // the mistake: declared outside the loop over the units
    for (arma::uword r = 0; r < W.n_rows; ++r) {
        for (arma::uword c = 0; c < W.n_cols; ++c) pre += W(r, c) * h_prev(c);
        for (arma::uword c = 0; c < U.n_cols; ++c) pre += U(r, c) * x_t(c);
        h(r) = std::tanh(pre);
    }
    return h;
}

}  // namespace attn
