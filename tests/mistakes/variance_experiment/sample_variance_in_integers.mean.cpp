// Wrong on purpose (suite only): the sum for the mean kept in a long.
#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

arma::vec paired_dot_products(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_rows == K.n_rows && Q.n_cols == K.n_cols, "paired_dot_products", "Q and K must have the same shape (one key per query, same width)", {"Q", Q}, {"K", K});
    return arma::sum(Q % K, 1);
}

double sample_variance(const arma::vec& x) {
    if (x.n_elem < 2) throw InputError("sample_variance: needs at least 2 values, got " + std::to_string(x.n_elem));
    long total = 0;  // the mistake
    for (arma::uword i = 0; i < x.n_elem; ++i) total += x(i);
    const double m = double(total) / x.n_elem;
    double ss = 0.0;
    for (arma::uword i = 0; i < x.n_elem; ++i) ss += (x(i) - m) * (x(i) - m);
    return ss / (x.n_elem - 1);
}

}  // namespace attn
