// Wrong on purpose (suite only): no check of d_model: positional_encoding(5, 0) returns a 5x0 table.
#include <cmath>
#include "contracts/08_positional_encoding.hpp"
namespace attn {
arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    arma::mat PE(length, d_model);  // the mistake: d_model = 0 is not refused
    for (arma::uword p = 0; p < length; ++p)
        for (arma::uword c = 0; c < d_model; ++c) {
            double angle = p / std::pow(10000.0, 2.0 * (c / 2) / d_model);
            PE(p, c) = c % 2 == 0 ? std::sin(angle) : std::cos(angle);
        }
    return PE;
}
}  // namespace attn
