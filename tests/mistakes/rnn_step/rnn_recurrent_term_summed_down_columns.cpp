// Wrong on purpose (suite only): the mistake rnn_recurrent_term_summed_down_columns in rnn_step.
#include "contracts/01_rnn_loop.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec rnn_step(const arma::rowvec& h_prev, const arma::rowvec& x_t, const arma::mat& W, const arma::mat& U) {
    require_shapes(W.n_rows == W.n_cols && W.n_cols == h_prev.n_cols, "rnn_step",
                   "W must be square and as wide as h_prev (d_h)", {"W", W}, {"h_prev", h_prev});
    require_shapes(U.n_rows == W.n_rows && U.n_cols == x_t.n_cols, "rnn_step", "U must be d_h x d_in",
                   {"U", U}, {"x_t", x_t});
    const arma::rowvec memory = arma::sum(W.each_row() % h_prev, 0);  // the mistake: dimension 1, then .t()
    return arma::tanh(memory + x_t * U.t());
}

}  // namespace attn
