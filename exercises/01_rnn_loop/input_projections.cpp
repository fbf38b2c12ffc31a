// Exercise input_projections (chapter 01): every U x_t in one product.
//
// Return the L x d_h matrix whose row t is U x_t (written as a row), computed
// as ONE matrix product over all positions, with no loop.
// Shapes:  X L x d_in, U d_h x d_in -> L x d_h.
//
// Check your work:  ./course check input_projections   Stuck?  ./course hint input_projections
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections([[maybe_unused]] const arma::mat& X, [[maybe_unused]] const arma::mat& U) {
    // TODO(ch01): one product, no loop.
    throw NotImplemented("input_projections", __FILE__);
}

}  // namespace attn
