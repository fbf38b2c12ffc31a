// Wrong on purpose (suite only): the shape check compares only the row counts.
#include <string>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

arma::vec paired_dot_products(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_rows == K.n_rows, "paired_dot_products", "Q and K must have the same number of rows",  // the mistake
                   {"Q", Q}, {"K", K});
    return arma::sum(Q % K, 1);
}

double sample_variance(const arma::vec& x) {
    if (x.n_elem < 2) throw InputError("sample_variance: needs at least 2 values, got " + std::to_string(x.n_elem));
    const double n = static_cast<double>(x.n_elem);
    const double m = arma::accu(x) / n;
    return arma::accu(arma::square(x - m)) / (n - 1);
}

}  // namespace attn
