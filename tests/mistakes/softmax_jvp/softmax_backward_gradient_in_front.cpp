// Wrong on purpose (suite only): the mistake softmax_backward_gradient_in_front in softmax_jvp.
#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec softmax_jvp(const arma::rowvec& a, const arma::rowvec& v) {
    require_shapes(a.n_cols == v.n_cols, "softmax_jvp", "a and v must have the same length (L_K)", {"a", a}, {"v", v});
    return v % (v - arma::dot(a, v));  // the mistake: v in front where a belongs
}

}  // namespace attn
