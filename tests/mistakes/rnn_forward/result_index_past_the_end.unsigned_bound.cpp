// Wrong on purpose (suite only): the loop bound X.n_rows - 1, an arma::uword, wraps round when there are no rows.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, const arma::rowvec& h_start) {
    require_shapes(X.n_cols == U.n_cols, "rnn_forward", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    require_shapes(h_start.n_cols == W.n_rows, "rnn_forward", "h_start must be as wide as W (d_h)", {"h_start", h_start},
                   {"W", W});

    arma::mat H(X.n_rows, W.n_rows);  // (L, d_h)
    arma::rowvec h = h_start;         // (1, d_h)
    for (arma::uword t = 0; t <= X.n_rows - 1; ++t) {  // the mistake: X.n_rows - 1 wraps round for no rows
        // This line is the constraint: step t needs the h that step t-1 just made.
        h = rnn_step(h, X.row(t), W, U);
        H.row(t) = h;
    }
    return H;
}

}  // namespace attn
