// Right, written another way (suite only): both by plain loops over the entries.
#include <string>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

arma::vec paired_dot_products(const arma::mat& Q, const arma::mat& K) {
    require_shapes(arma::size(Q) == arma::size(K), "paired_dot_products", "Q and K must have the same shape", {"Q", Q},
                   {"K", K});
    arma::vec out(Q.n_rows, arma::fill::zeros);
    for (arma::uword i = 0; i < Q.n_rows; ++i)
        for (arma::uword c = 0; c < Q.n_cols; ++c) out(i) += Q(i, c) * K(i, c);
    return out;
}

double sample_variance(const arma::vec& x) {
    if (x.n_elem < 2) throw InputError("sample_variance: needs at least 2 values, got " + std::to_string(x.n_elem));
    double mean = 0;
    for (const double v : x) mean += v;
    mean /= static_cast<double>(x.n_elem);
    double squares = 0;
    for (const double v : x) squares += (v - mean) * (v - mean);
    return squares / static_cast<double>(x.n_elem - 1);
}

}  // namespace attn
