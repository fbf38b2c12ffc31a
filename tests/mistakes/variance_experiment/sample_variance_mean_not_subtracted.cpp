// Wrong on purpose (suite only): the mistake sample_variance_mean_not_subtracted in variance_experiment.
// sample_variance squares the values themselves, not their deviations from the mean.
#include <string>
#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

arma::vec paired_dot_products(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_rows == K.n_rows && Q.n_cols == K.n_cols, "paired_dot_products",
                   "Q and K must have the same shape (one key per query, same width)", {"Q", Q}, {"K", K});
    return arma::sum(Q % K, 1);
}

double sample_variance(const arma::vec& x) {
    if (x.n_elem < 2) throw InputError("sample_variance: needs at least 2 values, got " + std::to_string(x.n_elem));
    const double n = static_cast<double>(x.n_elem);
    double squares = 0.0;
    for (arma::uword i = 0; i < x.n_elem; ++i) squares += x(i) * x(i);  // the mistake: x_i, not x_i - m
    return squares / (n - 1);
}

}  // namespace attn
