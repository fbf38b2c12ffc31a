// Right, written another way (suite only): a loop over pairs, the lone last sine of an odd table on its own.
#include <cmath>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1");
    arma::mat PE(length, d_model, arma::fill::zeros);
    for (arma::uword i = 0; 2 * i < d_model; ++i) {
        const double w = std::pow(10000.0, -2.0 * static_cast<double>(i) / static_cast<double>(d_model));
        for (arma::uword p = 0; p < length; ++p) {
            const double a = w * static_cast<double>(p);
            PE(p, 2 * i) = std::sin(a);
            if (2 * i + 1 < d_model) PE(p, 2 * i + 1) = std::cos(a);
        }
    }
    return PE;
}

}  // namespace attn
