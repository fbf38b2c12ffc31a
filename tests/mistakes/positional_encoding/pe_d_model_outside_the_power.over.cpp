// Wrong on purpose (suite only): the mistake pe_d_model_outside_the_power in positional_encoding.
#include <cmath>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1");
    const double d = static_cast<double>(d_model);
    arma::mat PE(length, d_model);
    for (arma::uword c = 0; c < d_model; c += 2) {
        const double denom = std::pow(10000.0, static_cast<double>(c)) / d;  // the mistake: 10000^(2i) / d_model
        for (arma::uword p = 0; p < length; ++p) {
            PE(p, c) = std::sin(p / denom);
            if (c + 1 < d_model) PE(p, c + 1) = std::cos(p / denom);
        }
    }
    return PE;
}

}  // namespace attn
