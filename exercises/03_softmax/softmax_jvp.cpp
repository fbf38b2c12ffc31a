// Exercise softmax_jvp (chapter 03): the softmax Jacobian times a vector.
//
// a is one row of softmax weights, a = softmax(s). Its Jacobian is
//   J(i, j) = d a_i / d s_j = a_i (delta_ij - a_j)      (delta_ij = 1 when i == j, else 0)
// Return the row J v without building J.
// Shapes:  a 1 x L_K, v 1 x L_K -> 1 x L_K. Reject different lengths with require_shapes.
//
// Check your work:  ./course check softmax_jvp   Stuck?  ./course hint softmax_jvp
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::rowvec softmax_jvp([[maybe_unused]] const arma::rowvec& a, [[maybe_unused]] const arma::rowvec& v) {
    // TODO(ch03): write out sum_j J(i, j) v_j and simplify.
    throw NotImplemented("softmax_jvp", __FILE__);
}

}  // namespace attn
