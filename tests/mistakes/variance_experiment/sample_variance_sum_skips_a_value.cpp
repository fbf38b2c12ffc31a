// Wrong on purpose (suite only): the sum of squared deviations starts at i = 1, so the first
// value is left out of it.
#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

arma::vec paired_dot_products(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_rows == K.n_rows && Q.n_cols == K.n_cols, "paired_dot_products",
                   "Q and K must have the same shape", Named("Q", Q), Named("K", K));
    return arma::sum(Q % K, 1);
}

double sample_variance(const arma::vec& x) {
    if (x.n_elem < 2) throw InputError("sample_variance: needs at least 2 values");
    const arma::uword n = x.n_elem;
    double m = 0.0;
    for (arma::uword i = 0; i < n; ++i) m += x(i);
    m /= static_cast<double>(n);
    double ss = 0.0;
    for (arma::uword i = 1; i < n; ++i) ss += (x(i) - m) * (x(i) - m);
    return ss / static_cast<double>(n - 1);
}

}  // namespace attn
