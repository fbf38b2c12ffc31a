// Right, written another way (suite only): every query against every key first, then the diagonal, and the mean by arma::mean.
#include <string>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

arma::vec paired_dot_products(const arma::mat& Q, const arma::mat& K) {
    require_shapes(arma::size(Q) == arma::size(K), "paired_dot_products", "Q and K must have the same shape", {"Q", Q},
                   {"K", K});
    const arma::mat all = Q * K.t();  // (n, n): only the diagonal pairs a query with its own key
    return all.diag();
}

double sample_variance(const arma::vec& x) {
    if (x.n_elem < 2) throw InputError("sample_variance: needs at least 2 values, got " + std::to_string(x.n_elem));
    const arma::vec centred = x - arma::mean(x);
    return arma::dot(centred, centred) / static_cast<double>(x.n_elem - 1);
}

}  // namespace attn
