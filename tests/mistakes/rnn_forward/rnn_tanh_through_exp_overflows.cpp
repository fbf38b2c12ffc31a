// Wrong on purpose (suite only): the step written inline with tanh as sinh / cosh, NaN once they overflow.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, const arma::rowvec& h_start) {
    require_shapes(X.n_cols == U.n_cols, "rnn_forward", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    require_shapes(h_start.n_cols == W.n_rows, "rnn_forward", "h_start must be as wide as W (d_h)", {"h_start", h_start},
                   {"W", W});

    arma::mat H(X.n_rows, W.n_rows);
    arma::rowvec h = h_start;
    for (arma::uword t = 0; t < X.n_rows; ++t) {
        const arma::rowvec pre = h * W.t() + X.row(t) * U.t();
        for (arma::uword k = 0; k < pre.n_elem; ++k)
            h(k) = std::sinh(pre(k)) / std::cosh(pre(k));  // the mistake: inf / inf past |z| = 710
        H.row(t) = h;
    }
    return H;
}

}  // namespace attn
