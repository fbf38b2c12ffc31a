// Wrong on purpose (suite only): the mistake rnn_state_squashed_again in rnn_forward.
#include <cmath>

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
        arma::rowvec z = h * W.t() + X.row(t) * U.t();
        for (double& e : z) e = std::tanh(e);
        h = z;
        for (double& e : h) e = std::tanh(e);  // the mistake: a second tanh, carried on
        H.row(t) = h;
    }
    return H;
}

}  // namespace attn
