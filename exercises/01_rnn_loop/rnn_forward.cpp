// Exercise rnn_forward (chapter 01): the whole loop over a sequence.
//
// Start from h = h_start and, for t = 0 .. L-1, compute h = rnn_step(h, x_t, W, U);
// store each h_t as row t of the result.
// Shapes:  X L x d_in, W d_h x d_h, U d_h x d_in, h_start 1 x d_h -> L x d_h.
//
// Check your work:  ./course check rnn_forward   Stuck?  ./course hint rnn_forward
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat rnn_forward([[maybe_unused]] const arma::mat& X, [[maybe_unused]] const arma::mat& W,
                      [[maybe_unused]] const arma::mat& U, [[maybe_unused]] const arma::rowvec& h_start) {
    // TODO(ch01): write the loop. Which line can never run before the previous step ends?
    throw NotImplemented("rnn_forward", __FILE__);
}

}  // namespace attn
