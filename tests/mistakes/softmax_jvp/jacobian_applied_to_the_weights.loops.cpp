// Wrong on purpose (suite only): the mistake jacobian_applied_to_the_weights in softmax_jvp.
// J built entry by entry, then its product taken with a instead of v.
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::rowvec softmax_jvp(const arma::rowvec& a, const arma::rowvec& v) {
    require_shapes(a.n_cols == v.n_cols, "softmax_jvp", "a and v must have the same length (L_K)", {"a", a}, {"v", v});
    const arma::uword n = a.n_elem;
    arma::mat J(n, n);
    for (arma::uword i = 0; i < n; ++i)
        for (arma::uword j = 0; j < n; ++j) J(i, j) = a(i) * ((i == j ? 1.0 : 0.0) - a(j));
    arma::rowvec out(n, arma::fill::zeros);
    for (arma::uword i = 0; i < n; ++i)
        for (arma::uword j = 0; j < n; ++j) out(i) += J(i, j) * a(j);  // the mistake: a(j) where v(j) belongs
    return out;
}

}  // namespace attn
