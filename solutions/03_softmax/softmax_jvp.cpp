// Exercise softmax_jvp (chapter 03): the softmax Jacobian times a vector.
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::rowvec softmax_jvp(const arma::rowvec& a, const arma::rowvec& v) {
    require_shapes(a.n_cols == v.n_cols, "softmax_jvp", "a and v must have the same length (L_K)", {"a", a},
                   {"v", v});
    // J = diag(a) - a^T a, so J v = a % v - a (a . v): one dot product and one
    // element-wise product, never the L_K x L_K matrix.
    const double av = arma::dot(a, v);
    return a % (v - av);  // (1, L_K)
}

}  // namespace attn
