// Wrong on purpose (suite only): W and U read through memptr() as if stored row by row.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::rowvec rnn_step(const arma::rowvec& h_prev, const arma::rowvec& x_t, const arma::mat& W, const arma::mat& U) {
    require_shape(W.n_rows == W.n_cols, "rnn_step", "W must be square (d_h x d_h)", {"W", W});
    require_shapes(h_prev.n_cols == W.n_rows, "rnn_step", "h_prev must be as wide as W (d_h)", {"h_prev", h_prev}, {"W", W});
    require_shapes(U.n_rows == W.n_rows, "rnn_step", "U must have d_h rows, like W", {"U", U}, {"W", W});
    require_shapes(x_t.n_cols == U.n_cols, "rnn_step", "x_t must be as wide as U (d_in)", {"x_t", x_t}, {"U", U});
    const double* w = W.memptr();
    const double* u = U.memptr();
    arma::rowvec h(W.n_rows);
    for (arma::uword r = 0; r < W.n_rows; ++r) {
        double pre = 0.0;
        for (arma::uword c = 0; c < W.n_cols; ++c) pre += w[r * W.n_cols + c] * h_prev(c);  // the mistake: W(r, c)
        for (arma::uword c = 0; c < U.n_cols; ++c) pre += u[r * U.n_cols + c] * x_t(c);     // and U(r, c)
        h(r) = std::tanh(pre);
    }
    return h;
}

}  // namespace attn
