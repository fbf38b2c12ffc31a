// Wrong on purpose (suite only): no check for fewer than two values.
#include <string>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

arma::vec paired_dot_products(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_rows == K.n_rows && Q.n_cols == K.n_cols, "paired_dot_products",
                   "Q and K must have the same shape (one key per query, same width)", {"Q", Q}, {"K", K});
    return arma::sum(Q % K, 1);  // (n)
}

double sample_variance(const arma::vec& x) {
    const double n = static_cast<double>(x.n_elem);
    const double m = arma::accu(x) / n;
    return arma::accu(arma::square(x - m)) / (n - 1);  // the mistake: n = 1 divides 0 by 0
}

}  // namespace attn
