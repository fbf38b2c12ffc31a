// Wrong on purpose (suite only): the loop starts at t = 1 and writes row t - 1, so x_0 is never read.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, const arma::rowvec& h_start) {
    arma::mat H(X.n_rows, W.n_rows);          // (L, d_h)
    arma::rowvec h = h_start;
    for (arma::uword t = 1; t < X.n_rows; ++t) {  // the mistake: step 0 reads x_0 and fills row 0
        h = rnn_step(h, X.row(t), W, U);
        H.row(t - 1) = h;
    }
    return H;
}

}  // namespace attn
