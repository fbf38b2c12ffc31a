// Wrong on purpose (suite only): the states stored as columns, as in the column notation.
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, const arma::rowvec& h_start) {
    arma::mat H(W.n_rows, X.n_rows);  // the mistake: (d_h, L), one column per position; rows are positions
    arma::rowvec h = h_start;
    for (arma::uword t = 0; t < X.n_rows; ++t) {
        h = rnn_step(h, X.row(t), W, U);
        H.col(t) = h.t();
    }
    return H;
}

}  // namespace attn
