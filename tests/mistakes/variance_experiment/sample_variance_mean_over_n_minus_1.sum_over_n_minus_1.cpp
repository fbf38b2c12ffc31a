// Wrong on purpose (suite only): the mistake sample_variance_mean_over_n_minus_1 in variance_experiment.
// With Armadillo: the mean written as arma::sum(x) / (x.n_elem - 1), by analogy with the variance.
#include <cmath>
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
    const double n_minus_1 = static_cast<double>(x.n_elem) - 1.0;
    const arma::vec centred = x - arma::sum(x) / n_minus_1;  // the mistake: arma::mean(x) is sum / n
    return arma::dot(centred, centred) / n_minus_1;
}

}  // namespace attn
