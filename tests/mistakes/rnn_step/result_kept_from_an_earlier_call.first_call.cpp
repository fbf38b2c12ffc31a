// Wrong on purpose (suite only): U's transpose is made once, on the first call, and kept:
// every later call multiplies by the first call's U.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::rowvec rnn_step(const arma::rowvec& h_prev, const arma::rowvec& x_t, const arma::mat& W, const arma::mat& U) {
    require_shape(W.n_rows == W.n_cols, "rnn_step", "W must be square (d_h x d_h)", {"W", W});
    require_shapes(h_prev.n_cols == W.n_rows, "rnn_step", "h_prev must be as wide as W (d_h)", {"h_prev", h_prev}, {"W", W});
    require_shapes(U.n_rows == W.n_rows, "rnn_step", "U must have d_h rows, like W", {"U", U}, {"W", W});
    require_shapes(x_t.n_cols == U.n_cols, "rnn_step", "x_t must be as wide as U (d_in)", {"x_t", x_t}, {"U", U});

    static const arma::mat Ut = U.t();  // the mistake: the first call's U, kept for good
    return arma::tanh(h_prev * W.t() + x_t * Ut);
}

}  // namespace attn
