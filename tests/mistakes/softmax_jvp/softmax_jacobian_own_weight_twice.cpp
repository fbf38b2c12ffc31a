// Wrong on purpose (suite only): the mistake softmax_jacobian_own_weight_twice in softmax_jvp.
#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec softmax_jvp(const arma::rowvec& a, const arma::rowvec& v) {
    require_shapes(a.n_cols == v.n_cols, "softmax_jvp", "a and v must have the same length (L_K)", {"a", a}, {"v", v});
    return a % (v - a * arma::accu(v));  // the mistake: J(i, j) = a_i (delta_ij - a_i)
}

}  // namespace attn
