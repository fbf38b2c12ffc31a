// Wrong on purpose (suite only): H made as wide as X instead of as wide as the state.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, const arma::rowvec& h_start) {
    arma::mat H(arma::size(X));  // the mistake: H is L x d_h, not L x d_in
    arma::rowvec h = h_start;
    for (arma::uword t = 0; t < X.n_rows; ++t) {
        h = rnn_step(h, X.row(t), W, U);
        H.row(t) = h;
    }
    return H;
}

}  // namespace attn
