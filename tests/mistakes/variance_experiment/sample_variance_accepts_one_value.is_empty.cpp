// Wrong on purpose (suite only): an is_empty() check lets one value through, and 0 / 0 is NaN.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

arma::vec paired_dot_products(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_rows == K.n_rows && Q.n_cols == K.n_cols, "paired_dot_products",
                   "Q and K must have the same shape", {"Q", Q}, {"K", K});
    arma::vec out(Q.n_rows);
    for (arma::uword i = 0; i < Q.n_rows; ++i) out(i) = arma::dot(Q.row(i), K.row(i));
    return out;
}

double sample_variance(const arma::vec& x) {
    if (x.is_empty()) throw InputError("sample_variance: x is empty");  // the mistake: one value is not enough either
    double mean = 0;
    for (const double v : x) mean += v;
    mean /= static_cast<double>(x.n_elem);
    double squares = 0;
    for (const double v : x) squares += (v - mean) * (v - mean);
    return squares / static_cast<double>(x.n_elem - 1);
}

}  // namespace attn
