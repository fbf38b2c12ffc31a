// Wrong on purpose (suite only): the mistake jacobian_applied_to_the_weights in softmax_jvp.
// The short formula, with a written where v belongs.
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::rowvec softmax_jvp(const arma::rowvec& a, const arma::rowvec& v) {
    require_shapes(a.n_cols == v.n_cols, "softmax_jvp", "a and v must have the same length (L_K)", {"a", a}, {"v", v});
    const double d = arma::dot(a, a);  // the mistake: a . a, and a below, where v belongs
    return a % (a - d);
}

}  // namespace attn
