// Wrong on purpose (suite only): the frequency by exp and log, with std::log10 where std::log belongs (a base of e^4).
#include <cmath>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1");
    arma::mat PE(length, d_model);
    for (arma::uword p = 0; p < length; ++p)
        for (arma::uword c = 0; c < d_model; ++c) {
            const double w = std::exp(-2.0 * (c / 2) / d_model * std::log10(10000.0));  // the mistake: std::log
            PE(p, c) = c % 2 ? std::cos(p * w) : std::sin(p * w);
        }
    return PE;
}

}  // namespace attn
