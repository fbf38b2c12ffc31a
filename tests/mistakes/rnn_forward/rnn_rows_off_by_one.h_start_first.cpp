// Wrong on purpose (suite only): row 0 holds h_start and the loop starts at t = 1.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, const arma::rowvec& h_start) {
    arma::mat H(X.n_rows, W.n_rows);
    H.row(0) = h_start;  // the mistake: row 0 must be the state after reading x_0
    for (arma::uword t = 1; t < X.n_rows; ++t) H.row(t) = rnn_step(H.row(t - 1), X.row(t), W, U);
    return H;
}

}  // namespace attn
