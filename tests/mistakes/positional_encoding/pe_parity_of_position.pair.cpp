// Wrong on purpose (suite only): the mistake pe_parity_of_position in positional_encoding.
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
            const double angle = p / std::pow(10000.0, 2.0 * i / d_model);
            PE(p, c) = i % 2 == 0 ? std::sin(angle) : std::cos(angle);  // the mistake: the pair's parity, not the column's
        }
    return PE;
}

}  // namespace attn
