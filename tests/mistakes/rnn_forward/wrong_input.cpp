// Wrong on purpose (suite only): every step reads the first input.
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, const arma::rowvec& h_start) {
    arma::mat H(X.n_rows, W.n_rows);
    arma::rowvec h = h_start;
    for (arma::uword t = 0; t < X.n_rows; ++t) {
        h = rnn_step(h, X.row(0), W, U);  // the mistake: step t reads x_t, X.row(t)
        H.row(t) = h;
    }
    return H;
}

}  // namespace attn
