// Wrong on purpose (suite only): 1 / (n - 1) with n an arma::uword, a division of integers.
#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

arma::vec paired_dot_products(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_rows == K.n_rows && Q.n_cols == K.n_cols, "paired_dot_products", "Q and K must have the same shape (one key per query, same width)", {"Q", Q}, {"K", K});
    return arma::sum(Q % K, 1);
}

double sample_variance(const arma::vec& x) {
    if (x.n_elem < 2) throw InputError("sample_variance: needs at least 2 values, got " + std::to_string(x.n_elem));
    const arma::uword n = x.n_elem;
    const double m = arma::mean(x);
    return arma::accu(arma::square(x - m)) * (1 / (n - 1));  // the mistake
}

}  // namespace attn
