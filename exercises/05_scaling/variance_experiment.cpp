// Exercise variance_experiment (chapter 05): the two measurements behind the experiment.
//
// paired_dot_products: row i of Q is a query, row i of K its key; return the
// column vector of the n dot products q_i . k_i (one per ROW PAIR, not the
// n x n table Q K^T). Check with require_shapes that Q and K have the same shape.
// sample_variance: mean m, then sum((x_i - m)^2) / (n - 1); throw InputError
// for fewer than 2 values.
// The chapter program draws 100,000 pairs per d_k and calls these two.
//
// Check your work:  ./course check variance_experiment   Stuck?  ./course hint variance_experiment
#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

arma::vec paired_dot_products([[maybe_unused]] const arma::mat& Q, [[maybe_unused]] const arma::mat& K) {
    // TODO(ch05): one line after the shape check, no loop needed.
    throw NotImplemented("paired_dot_products", __FILE__);
}

double sample_variance([[maybe_unused]] const arma::vec& x) {
    // TODO(ch05): the n - 1 version.
    throw NotImplemented("sample_variance", __FILE__);
}

}  // namespace attn
