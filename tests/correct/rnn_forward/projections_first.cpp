// Right, written another way (suite only): every U x_t computed first in one product, then the loop adds W h.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, const arma::rowvec& h_start) {
    require_shapes(X.n_cols == U.n_cols, "rnn_forward", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    require_shapes(h_start.n_cols == W.n_rows && W.is_square(), "rnn_forward", "W must be square, as wide as h_start",
                   {"h_start", h_start}, {"W", W});
    const arma::mat P = X * U.t();  // (L, d_h): row t is x_t U^T
    arma::mat H(arma::size(P));
    arma::rowvec h = h_start;
    for (arma::uword t = 0; t < P.n_rows; ++t) {
        h = arma::tanh(h * W.t() + P.row(t));
        H.row(t) = h;
    }
    return H;
}

}  // namespace attn
