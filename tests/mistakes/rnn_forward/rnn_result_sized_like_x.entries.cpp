// Wrong on purpose (suite only): the mistake rnn_result_sized_like_x in rnn_forward (each state copied in entry by entry).
#include "contracts/01_rnn_loop.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, const arma::rowvec& h_start) {
    require_shape(W.n_rows == W.n_cols, "rnn_forward", "W must be square (d_h x d_h)", {"W", W});
    require_shapes(h_start.n_cols == W.n_cols, "rnn_forward", "h_start must be as wide as W (d_h)", {"h_start", h_start},
                   {"W", W});
    require_shapes(U.n_rows == W.n_rows, "rnn_forward", "U must have as many rows as W (d_h)", {"U", U}, {"W", W});
    require_shapes(X.n_cols == U.n_cols, "rnn_forward", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    arma::mat H(X.n_rows, X.n_cols, arma::fill::zeros);  // the mistake: X.n_rows x W.n_rows
    arma::rowvec h = h_start;
    for (arma::uword t = 0; t < X.n_rows; ++t) {
        h = rnn_step(h, X.row(t), W, U);
        for (arma::uword j = 0; j < h.n_cols; ++j) H(t, j) = h(j);
    }
    return H;
}

}  // namespace attn
