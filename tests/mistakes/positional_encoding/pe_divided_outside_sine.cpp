// Wrong on purpose (suite only): sin(p) / 10000^(2i / d_model), the division outside the sine.
#include <cmath>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1");
    arma::mat PE(length, d_model);
    for (arma::uword p = 0; p < length; ++p)
        for (arma::uword c = 0; c < d_model; ++c) {
            const double i = static_cast<double>(c / 2);
            const double scale = std::pow(10000.0, 2.0 * i / static_cast<double>(d_model));
            const double pos = static_cast<double>(p);
            PE(p, c) = (c % 2 == 0 ? std::sin(pos) : std::cos(pos)) / scale;  // the mistake: the angle is pos / scale
        }
    return PE;
}

}  // namespace attn
