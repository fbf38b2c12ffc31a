// Wrong on purpose (suite only): the mistake pe_angle_scaled in positional_encoding (degrees).
#include <cmath>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1 (one column per feature)");
    arma::mat PE(length, d_model);  // (L, d_model)
    for (arma::uword c = 0; c < d_model; ++c) {
        // columns 2i and 2i+1 share one frequency: 1 / 10000^(2i / d_model)
        const double pair = static_cast<double>(c - c % 2);
        const double frequency = 1.0 / std::pow(10000.0, pair / static_cast<double>(d_model));
        for (arma::uword p = 0; p < length; ++p) {
            const double angle = static_cast<double>(p) * frequency * 180.0 / M_PI;  // in degrees
            PE(p, c) = c % 2 == 0 ? std::sin(angle) : std::cos(angle);
        }
    }
    return PE;
}

}  // namespace attn
