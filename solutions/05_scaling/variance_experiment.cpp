// Exercise variance_experiment (chapter 05): the two measurements behind the experiment.
#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

arma::vec paired_dot_products(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_rows == K.n_rows && Q.n_cols == K.n_cols, "paired_dot_products",
                   "Q and K must have the same shape (one key per query, same width)", {"Q", Q}, {"K", K});
    // Element-wise product, then add along each row: row i gives q_i . k_i.
    // (Q * K.t() would compute every query against every key: n^2 numbers, n of them wanted.)
    return arma::sum(Q % K, 1);  // (n)
}

double sample_variance(const arma::vec& x) {
    if (x.n_elem < 2)
        throw InputError("sample_variance: needs at least 2 values, got " + std::to_string(x.n_elem));
    const double n = static_cast<double>(x.n_elem);
    const double m = arma::accu(x) / n;
    // Centre first, then square: the one-pass sum(x^2) - n m^2 loses digits when
    // the mean is large compared with the spread.
    return arma::accu(arma::square(x - m)) / (n - 1);
}

}  // namespace attn
