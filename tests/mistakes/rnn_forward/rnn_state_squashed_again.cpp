// Wrong on purpose (suite only): the mistake rnn_state_squashed_again in rnn_forward.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, const arma::rowvec& h_start) {
    require_shapes(X.n_cols == U.n_cols, "rnn_forward", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    require_shapes(W.n_rows == W.n_cols && W.n_rows == U.n_rows, "rnn_forward", "W must be d_h x d_h, U d_h rows", {"W", W}, {"U", U});
    require_shapes(h_start.n_cols == W.n_rows, "rnn_forward", "h_start must have d_h entries", {"h_start", h_start}, {"W", W});
    arma::mat H(X.n_rows, W.n_rows);
    arma::rowvec h = h_start;
    for (arma::uword t = 0; t < X.n_rows; ++t) {
        h = rnn_step(h, X.row(t), W, U);
        H.row(t) = arma::tanh(h);  // the mistake: rnn_step applied tanh already
    }
    return H;
}

}  // namespace attn
