// Right, written another way (suite only): the states gathered with join_cols onto an empty matrix
// of d_h columns; the shapes checked first, as with no positions no rnn_step checks them.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, const arma::rowvec& h_start) {
    require_shapes(X.n_cols == U.n_cols, "rnn_forward", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    require_shapes(h_start.n_cols == W.n_rows, "rnn_forward", "h_start must be as wide as W (d_h)", {"h_start", h_start},
                   {"W", W});
    arma::mat H(0, W.n_rows);
    arma::rowvec h = h_start;
    for (arma::uword t = 0; t < X.n_rows; ++t) {
        h = rnn_step(h, X.row(t), W, U);
        H = arma::join_cols(H, h);
    }
    return H;
}

}  // namespace attn
