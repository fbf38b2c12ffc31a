// Right, written another way (suite only): dot products row by row, and Welford's running mean and sum of squares.
#include <string>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

arma::vec paired_dot_products(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_rows == K.n_rows && Q.n_cols == K.n_cols, "paired_dot_products", "Q and K must have the same shape",
                   {"Q", Q}, {"K", K});
    arma::vec out(Q.n_rows);
    for (arma::uword i = 0; i < Q.n_rows; ++i) out(i) = arma::dot(Q.row(i), K.row(i));
    return out;
}

double sample_variance(const arma::vec& x) {
    if (x.n_elem < 2) throw InputError("sample_variance: needs at least 2 values, got " + std::to_string(x.n_elem));
    double mean = 0, m2 = 0;
    for (arma::uword k = 0; k < x.n_elem; ++k) {
        const double delta = x(k) - mean;
        mean += delta / static_cast<double>(k + 1);
        m2 += delta * (x(k) - mean);
    }
    return m2 / static_cast<double>(x.n_elem - 1);
}

}  // namespace attn
