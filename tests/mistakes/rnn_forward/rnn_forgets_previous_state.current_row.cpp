// Wrong on purpose (suite only): after the first row, each step reads the row it is about to fill.
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, const arma::rowvec& h_start) {
    arma::mat H(X.n_rows, W.n_rows);
    H.row(0) = rnn_step(h_start, X.row(0), W, U);
    for (arma::uword t = 1; t < X.n_rows; ++t)
        H.row(t) = rnn_step(H.row(t), X.row(t), W, U);  // the mistake: the state before step t is H.row(t - 1)
    return H;
}

}  // namespace attn
