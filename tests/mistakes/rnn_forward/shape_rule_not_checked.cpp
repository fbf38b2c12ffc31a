// Wrong on purpose (suite only): the mistake shape_rule_not_checked in rnn_forward.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, const arma::rowvec& h_start) {
    require_shapes(X.n_cols == U.n_cols, "rnn_forward", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    require_shapes(h_start.n_cols == U.n_rows, "rnn_forward", "h_start must have d_h entries", {"h_start", h_start}, {"U", U});
    arma::mat H(X.n_rows, U.n_rows);  // the mistake: W never checked, and with no positions rnn_step never sees it
    arma::rowvec h = h_start;
    for (arma::uword t = 0; t < X.n_rows; ++t) {
        h = rnn_step(h, X.row(t), W, U);
        H.row(t) = h;
    }
    return H;
}

}  // namespace attn
