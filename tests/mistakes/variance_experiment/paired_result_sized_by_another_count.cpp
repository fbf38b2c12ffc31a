// Wrong on purpose (suite only): the result sized with Q.n_elem instead of Q.n_rows.
#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

arma::vec paired_dot_products(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_rows == K.n_rows && Q.n_cols == K.n_cols, "paired_dot_products", "Q and K must have the same shape (one key per query, same width)", {"Q", Q}, {"K", K});
    arma::vec d(Q.n_elem, arma::fill::zeros);  // the mistake
    for (arma::uword i = 0; i < Q.n_rows; ++i) d(i) = arma::dot(Q.row(i), K.row(i));
    return d;
}

double sample_variance(const arma::vec& x) {
    if (x.n_elem < 2) throw InputError("sample_variance: needs at least 2 values, got " + std::to_string(x.n_elem));
    const double m = arma::mean(x);
    return arma::accu(arma::pow(x - m, 2)) / (x.n_elem - 1);
}

}  // namespace attn
