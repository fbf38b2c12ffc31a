// Wrong on purpose (suite only): the running state starts at zero instead of h_start.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, [[maybe_unused]] const arma::rowvec& h_start) {
    arma::mat H(X.n_rows, W.n_rows);          // (L, d_h)
    arma::rowvec h(W.n_rows, arma::fill::zeros);  // the mistake: h_start is never used
    for (arma::uword t = 0; t < X.n_rows; ++t) {
        h = rnn_step(h, X.row(t), W, U);
        H.row(t) = h;
    }
    return H;
}

}  // namespace attn
