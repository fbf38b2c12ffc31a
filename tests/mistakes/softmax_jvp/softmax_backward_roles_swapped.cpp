// Wrong on purpose (suite only): the mistake softmax_backward_roles_swapped in softmax_jvp.
#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec softmax_jvp(const arma::rowvec& a, const arma::rowvec& v) {
    require_shapes(a.n_cols == v.n_cols, "softmax_jvp", "a and v must have the same length (L_K)", {"a", a}, {"v", v});
    const double dot = arma::dot(a, v);
    arma::rowvec out(a.n_cols);
    for (arma::uword j = 0; j < a.n_cols; ++j) out(j) = v(j) * (a(j) - dot);  // the mistake: a and v swapped
    return out;
}

}  // namespace attn
