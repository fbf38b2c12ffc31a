// Wrong on purpose (suite only): rnn_step called with x_t before h.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, const arma::rowvec& h_start) {
    arma::mat H(X.n_rows, W.n_rows);
    arma::rowvec h = h_start;
    for (arma::uword t = 0; t < X.n_rows; ++t) {
        h = rnn_step(X.row(t), h, W, U);  // the mistake: the arguments are (h_prev, x_t, W, U)
        H.row(t) = h;
    }
    return H;
}

}  // namespace attn
