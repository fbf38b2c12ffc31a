// Wrong on purpose (suite only): the mistake rnn_loop_runs_backwards in rnn_forward.
// A signed counter from L - 1 down to 0, the step written inline.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, const arma::rowvec& h_start) {
    require_shapes(X.n_cols == U.n_cols, "rnn_forward", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    require_shapes(h_start.n_cols == W.n_rows, "rnn_forward", "h_start must be as wide as W (d_h)", {"h_start", h_start},
                   {"W", W});
    arma::mat H(X.n_rows, W.n_rows);
    arma::rowvec h = h_start;
    for (int t = static_cast<int>(X.n_rows) - 1; t >= 0; --t) {  // the mistake: the loop runs backwards
        const arma::uword r = static_cast<arma::uword>(t);
        h = arma::tanh(h * W.t() + X.row(r) * U.t());
        H.row(r) = h;
    }
    return H;
}

}  // namespace attn
