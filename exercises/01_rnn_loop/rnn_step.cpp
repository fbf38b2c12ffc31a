// Exercise rnn_step (chapter 01): one step of the recurrent loop.
//
// Compute h_t = tanh(W h_prev + U x_t). Our vectors are rows, so in code this
// is  tanh(h_prev * W.t() + x_t * U.t()).
// Shapes:  h_prev 1 x d_h, x_t 1 x d_in, W d_h x d_h, U d_h x d_in -> 1 x d_h.
// Check the shapes first with require_shape / require_shapes (src/core/errors.hpp).
//
// Check your work:  ./course check rnn_step      Stuck?  ./course hint rnn_step
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::rowvec rnn_step([[maybe_unused]] const arma::rowvec& h_prev, [[maybe_unused]] const arma::rowvec& x_t,
                      [[maybe_unused]] const arma::mat& W, [[maybe_unused]] const arma::mat& U) {
    // TODO(ch01): replace this line with the step.
    throw NotImplemented("rnn_step", __FILE__);
}

}  // namespace attn
