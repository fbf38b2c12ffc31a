// Wrong on purpose (suite only): the pair index i = c / 2 in the exponent without its factor 2.
#include <cmath>
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"
namespace attn {
arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1");
    arma::mat PE(length, d_model);
    for (arma::uword p = 0; p < length; ++p)
        for (arma::uword c = 0; c < d_model; ++c) {
            double i = c / 2;
            double angle = p / std::pow(10000.0, i / d_model);  // the mistake
            PE(p, c) = c % 2 == 0 ? std::sin(angle) : std::cos(angle);
        }
    return PE;
}
}  // namespace attn
