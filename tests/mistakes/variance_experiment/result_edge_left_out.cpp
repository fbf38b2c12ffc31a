// Wrong on purpose (suite only): the loop over the pairs stops one short, the last dot product left 0.
#include <string>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

arma::vec paired_dot_products(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_rows == K.n_rows && Q.n_cols == K.n_cols, "paired_dot_products",
                   "Q and K must have the same shape", {"Q", Q}, {"K", K});
    arma::vec out(Q.n_rows, arma::fill::zeros);
    for (arma::uword i = 0; i + 1 < Q.n_rows; ++i) out(i) = arma::dot(Q.row(i), K.row(i));  // the mistake: i + 1 < n
    return out;
}

double sample_variance(const arma::vec& x) {
    if (x.n_elem < 2) throw InputError("sample_variance: needs at least 2 values, got " + std::to_string(x.n_elem));
    const double n = static_cast<double>(x.n_elem);
    const double m = arma::accu(x) / n;
    return arma::accu(arma::square(x - m)) / (n - 1);
}

}  // namespace attn
