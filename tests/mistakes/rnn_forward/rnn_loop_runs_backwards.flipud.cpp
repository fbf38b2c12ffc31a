// Wrong on purpose (suite only): the mistake rnn_loop_runs_backwards in rnn_forward.
// X turned upside down first, the states kept in the order they were computed.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, const arma::rowvec& h_start) {
    require_shapes(X.n_cols == U.n_cols, "rnn_forward", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    require_shapes(h_start.n_cols == W.n_rows, "rnn_forward", "h_start must be as wide as W (d_h)", {"h_start", h_start},
                   {"W", W});
    const arma::mat Xr = arma::flipud(X);  // the mistake: the sequence read from its end
    arma::mat H(X.n_rows, W.n_rows);
    arma::rowvec h = h_start;
    for (arma::uword t = 0; t < Xr.n_rows; ++t) {
        h = rnn_step(h, Xr.row(t), W, U);
        H.row(t) = h;
    }
    return H;
}

}  // namespace attn
