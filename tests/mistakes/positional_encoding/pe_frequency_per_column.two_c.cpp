// Wrong on purpose (suite only): the column index c taken for the pair index i, 10000^(2c / d_model).
#include <cmath>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1");
    arma::mat PE(length, d_model);
    for (arma::uword p = 0; p < length; ++p)
        for (arma::uword c = 0; c < d_model; ++c) {
            const double angle = p / std::pow(10000.0, 2.0 * c / d_model);  // the mistake: 2i is 2 * (c / 2), not 2c
            PE(p, c) = (c % 2 == 0) ? std::sin(angle) : std::cos(angle);
        }
    return PE;
}

}  // namespace attn
