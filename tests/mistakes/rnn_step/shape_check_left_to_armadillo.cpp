// Wrong on purpose (suite only): no shape checks before the product.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::rowvec rnn_step(const arma::rowvec& h_prev, const arma::rowvec& x_t, const arma::mat& W, const arma::mat& U) {
    // the mistake: no shape checks

    // Row form of tanh(W h + U x): a row vector times the transpose.
    const arma::rowvec pre = h_prev * W.t() + x_t * U.t();  // (1, d_h)
    return arma::tanh(pre);
}

}  // namespace attn
