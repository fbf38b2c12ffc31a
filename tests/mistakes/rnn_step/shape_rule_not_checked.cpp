// Wrong on purpose (suite only): the widths are checked, but not that W is square.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::rowvec rnn_step(const arma::rowvec& h_prev, const arma::rowvec& x_t, const arma::mat& W, const arma::mat& U) {
    // the mistake: W's being square (d_h x d_h) is never checked
    require_shapes(h_prev.n_cols == W.n_cols, "rnn_step", "h_prev must be as wide as W", {"h_prev", h_prev}, {"W", W});
    require_shapes(x_t.n_cols == U.n_cols, "rnn_step", "x_t must be as wide as U (d_in)", {"x_t", x_t}, {"U", U});
    require_shapes(U.n_rows == W.n_rows, "rnn_step", "U must have d_h rows, like W", {"U", U}, {"W", W});
    return arma::tanh(h_prev * W.t() + x_t * U.t());
}

}  // namespace attn
