// Right, written another way (suite only): the Jacobian built in full, then multiplied.
#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec softmax_jvp(const arma::rowvec& a, const arma::rowvec& v) {
    require_shapes(a.n_cols == v.n_cols, "softmax_jvp", "a and v must have the same length (L_K)", {"a", a}, {"v", v});
    const arma::mat J = arma::diagmat(a) - a.t() * a;  // (L_K, L_K), symmetric
    return v * J;
}

}  // namespace attn
