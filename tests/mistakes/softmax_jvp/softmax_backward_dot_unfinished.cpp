// Wrong on purpose (suite only): the mistake softmax_backward_dot_unfinished in softmax_jvp.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::rowvec softmax_jvp(const arma::rowvec& a, const arma::rowvec& v) {
    require_shapes(a.n_elem == v.n_elem, "softmax_jvp", "a and v must have the same length", {"a", a}, {"v", v});
    arma::mat J(a.n_elem, a.n_elem, arma::fill::zeros);
    for (arma::uword i = 0; i < a.n_elem; ++i)
        for (arma::uword j = 0; j <= i; ++j) J(i, j) = a(i) * ((i == j ? 1.0 : 0.0) - a(j));  // the mistake: j <= i only
    return arma::rowvec((J * v.t()).t());
}

}  // namespace attn
