// Wrong on purpose (suite only): a . v summed in an int.
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::rowvec softmax_jvp(const arma::rowvec& a, const arma::rowvec& v) {
    require_shapes(a.n_cols == v.n_cols, "softmax_jvp", "a and v must have the same length (L_K)", {"a", a}, {"v", v});
    int av = 0;  // the mistake
    for (arma::uword j = 0; j < a.n_cols; ++j) av += a(j) * v(j);
    return a % (v - av);
}

}  // namespace attn
