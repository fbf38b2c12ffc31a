// Wrong on purpose (suite only): the mistake sample_variance_mean_over_n_minus_1 in variance_experiment.
// Written with loops: one divisor, n - 1, kept in a variable and used for the mean as well.
#include <string>
#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

arma::vec paired_dot_products(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_rows == K.n_rows && Q.n_cols == K.n_cols, "paired_dot_products",
                   "Q and K must have the same shape (one key per query, same width)", {"Q", Q}, {"K", K});
    arma::vec out(Q.n_rows, arma::fill::zeros);
    for (arma::uword i = 0; i < Q.n_rows; ++i)
        for (arma::uword c = 0; c < Q.n_cols; ++c) out(i) += Q(i, c) * K(i, c);
    return out;
}

double sample_variance(const arma::vec& x) {
    if (x.n_elem < 2) throw InputError("sample_variance: needs at least 2 values, got " + std::to_string(x.n_elem));
    const double divisor = static_cast<double>(x.n_elem - 1);
    double sum = 0.0;
    for (arma::uword i = 0; i < x.n_elem; ++i) sum += x(i);
    const double mean = sum / divisor;  // the mistake: the mean is sum / n
    double squares = 0.0;
    for (arma::uword i = 0; i < x.n_elem; ++i) squares += (x(i) - mean) * (x(i) - mean);
    return squares / divisor;
}

}  // namespace attn
