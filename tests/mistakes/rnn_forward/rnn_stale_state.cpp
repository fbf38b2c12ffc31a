// Wrong on purpose (suite only): h_start is passed to every step; h is never updated.
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, const arma::rowvec& h_start) {
    arma::mat H(X.n_rows, W.n_rows);
    for (arma::uword t = 0; t < X.n_rows; ++t) H.row(t) = rnn_step(h_start, X.row(t), W, U);  // the mistake
    return H;
}

}  // namespace attn
