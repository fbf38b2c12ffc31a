// Right, written another way (suite only): the step by plain loops over the entries, with std::tanh.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::rowvec rnn_step(const arma::rowvec& h_prev, const arma::rowvec& x_t, const arma::mat& W, const arma::mat& U) {
    require_shapes(W.n_rows == W.n_cols && h_prev.n_cols == W.n_rows, "rnn_step",
                   "W must be square and as wide as h_prev (d_h)", {"h_prev", h_prev}, {"W", W});
    require_shapes(U.n_rows == W.n_rows && x_t.n_cols == U.n_cols, "rnn_step",
                   "U must be d_h x d_in, as tall as W and as wide as x_t", {"x_t", x_t}, {"U", U});
    arma::rowvec h(W.n_rows);
    for (arma::uword i = 0; i < W.n_rows; ++i) {
        double pre = 0.0;
        for (arma::uword j = 0; j < W.n_cols; ++j) pre += W(i, j) * h_prev(j);
        for (arma::uword k = 0; k < U.n_cols; ++k) pre += U(i, k) * x_t(k);
        h(i) = std::tanh(pre);
    }
    return h;
}

}  // namespace attn
