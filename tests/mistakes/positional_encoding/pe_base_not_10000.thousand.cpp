// Wrong on purpose (suite only): a zero short, 1000 for 10000, with arma::linspace and whole columns.
#include <cmath>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1");
    arma::mat PE(length, d_model);
    const arma::vec pos = arma::linspace<arma::vec>(0, static_cast<double>(length) - 1, length);  // (L): 0 .. L-1
    for (arma::uword c = 0; c < d_model; ++c) {
        const double w = 1.0 / std::pow(1000.0, static_cast<double>(2 * (c / 2)) / d_model);  // the mistake: 1000
        PE.col(c) = c % 2 == 0 ? arma::vec(arma::sin(pos * w)) : arma::vec(arma::cos(pos * w));
    }
    return PE;
}

}  // namespace attn
