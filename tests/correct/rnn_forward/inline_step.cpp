// Right, written another way (suite only): the step written inline instead of calling rnn_step.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, const arma::rowvec& h_start) {
    require_shapes(X.n_cols == U.n_cols, "rnn_forward", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    require_shapes(h_start.n_cols == W.n_rows, "rnn_forward", "h_start must be as wide as W (d_h)", {"h_start", h_start},
                   {"W", W});
    arma::mat H(X.n_rows, W.n_rows);
    for (arma::uword t = 0; t < X.n_rows; ++t) {
        const arma::rowvec prev = t == 0 ? h_start : arma::rowvec(H.row(t - 1));
        H.row(t) = arma::tanh(prev * W.t() + X.row(t) * U.t());
    }
    return H;
}

}  // namespace attn
