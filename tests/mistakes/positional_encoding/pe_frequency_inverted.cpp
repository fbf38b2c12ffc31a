// Wrong on purpose (suite only): the slip named pe_frequency_inverted (tests/catalogue/).
// Exercise positional_encoding (chapter 08): the sinusoidal position codes.
#include <cmath>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1 (one column per feature)");
    arma::mat PE(length, d_model, arma::fill::zeros);
    for (arma::uword p = 0; p < length; ++p)
        for (arma::uword i = 0; 2 * i < d_model; ++i) {
            const double angle = p * std::pow(10000.0, 2.0 * i / d_model);
            PE(p, 2 * i) = std::sin(angle);
            if (2 * i + 1 < d_model) PE(p, 2 * i + 1) = std::cos(angle);
        }
    return PE;
}

}  // namespace attn
