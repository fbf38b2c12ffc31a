// Wrong on purpose (suite only): every step starts from zero, as if the loop had no memory.
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, const arma::rowvec& h_start) {
    arma::mat H(X.n_rows, W.n_rows);
    const arma::rowvec zero(h_start.n_elem, arma::fill::zeros);
    for (arma::uword t = 0; t < X.n_rows; ++t) H.row(t) = rnn_step(zero, X.row(t), W, U);  // the mistake
    return H;
}

}  // namespace attn
