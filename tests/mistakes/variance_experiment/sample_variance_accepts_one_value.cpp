// Wrong on purpose (suite only): the check refuses an empty x only, so one value gives 0 / 0.
#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

arma::vec paired_dot_products(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_rows == K.n_rows && Q.n_cols == K.n_cols, "paired_dot_products",
                   "Q and K must have the same shape", {"Q", Q}, {"K", K});
    return arma::sum(Q % K, 1);
}

double sample_variance(const arma::vec& x) {
    if (x.n_elem < 1) throw InputError("sample_variance: needs at least 1 value");  // the mistake: n - 1 needs 2
    const double n = static_cast<double>(x.n_elem);
    const double m = arma::accu(x) / n;
    return arma::accu(arma::square(x - m)) / (n - 1);
}

}  // namespace attn
