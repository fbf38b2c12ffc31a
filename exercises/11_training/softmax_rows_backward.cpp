// Exercise softmax_rows_backward (chapter 11): a gradient back through softmax_rows.
//
// A = softmax_rows(S) was computed in the forward pass; dA is the gradient that
// arrives at A. Return dS, the gradient at the scores, row by row:
//   dS_i = A_i % (dA_i - (A_i . dA_i))
// This is chapter 03's softmax_jvp applied to every row (you may call it, or
// do all rows at once). Refuse an A and a dA of different shapes.
//
// Check your work:  ./course check softmax_rows_backward   Stuck?  ./course hint softmax_rows_backward
#include "contracts/11_training.hpp"
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows_backward([[maybe_unused]] const arma::mat& A, [[maybe_unused]] const arma::mat& dA) {
    // TODO(ch11): check the shapes, then one Jacobian-vector product per row.
    throw NotImplemented("softmax_rows_backward", __FILE__);
}

}  // namespace attn
