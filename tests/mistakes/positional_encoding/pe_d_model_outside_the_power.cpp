// Wrong on purpose (suite only): the mistake pe_d_model_outside_the_power in positional_encoding.
#include <cmath>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1");
    arma::mat PE(length, d_model);
    for (arma::uword p = 0; p < length; ++p)
        for (arma::uword c = 0; c < d_model; ++c) {
            const arma::uword i = c / 2;
            const double angle = p / std::pow(10000.0, 2.0 * i) / d_model;  // the mistake: d_model outside the power
            PE(p, c) = c % 2 == 0 ? std::sin(angle) : std::cos(angle);
        }
    return PE;
}

}  // namespace attn
