// Exercise attention_backward (chapter 11): dQ, dK and dV of one attention call.
//
// The forward pass was
//   S = Q K^T / sqrt(d_k) (+ mask)    A = softmax_rows(S)    Z = A V
// and it kept A. Given dZ, the gradient at Z, walk the three lines backwards:
// each product hands its gradient to both factors, and softmax_rows_backward
// (your other exercise) crosses the softmax. Return dQ, dK and dV, each with
// the shape of Q, K and V.
//
// Check your work:  ./course check attention_backward   Stuck?  ./course hint attention_backward
#include <cmath>

#include "contracts/06_shape_rules.hpp"
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionGrads attention_backward([[maybe_unused]] const arma::mat& Q, [[maybe_unused]] const arma::mat& K,
                                  [[maybe_unused]] const arma::mat& V, [[maybe_unused]] const arma::mat& A,
                                  [[maybe_unused]] const arma::mat& dZ) {
    // TODO(ch11): dV and dA from Z = A V, dS from the softmax, dQ and dK from the scaled product.
    throw NotImplemented("attention_backward", __FILE__);
}

}  // namespace attn
