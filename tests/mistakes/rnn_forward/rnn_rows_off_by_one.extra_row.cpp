// Wrong on purpose (suite only): h_start is kept as an extra first row (L + 1 rows).
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, const arma::rowvec& h_start) {
    arma::mat H = h_start;  // the mistake: h_start is not one of the L states
    arma::rowvec h = h_start;
    for (arma::uword t = 0; t < X.n_rows; ++t) {
        h = rnn_step(h, X.row(t), W, U);
        H = arma::join_cols(H, h);
    }
    return H;
}

}  // namespace attn
