// Wrong on purpose (suite only): the mistake loop_starts_one_late in rnn_forward.
// The step written inline, the loop counted with an int from 1.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, const arma::rowvec& h_start) {
    require_shapes(X.n_cols == U.n_cols, "rnn_forward", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    require_shapes(h_start.n_cols == W.n_rows, "rnn_forward", "h_start must be as wide as W (d_h)", {"h_start", h_start},
                   {"W", W});
    const int L = static_cast<int>(X.n_rows);
    arma::mat H(X.n_rows, W.n_rows, arma::fill::zeros);
    arma::rowvec h = h_start;
    for (int t = 1; t < L; ++t) {  // the mistake: position 0 is skipped
        h = arma::tanh(h * W.t() + X.row(t) * U.t());
        H.row(t) = h;
    }
    return H;
}

}  // namespace attn
