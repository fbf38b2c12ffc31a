// Wrong on purpose (suite only): length 0 refused along with d_model 0.
#include <cmath>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (length == 0 || d_model == 0)  // the mistake: an empty sequence has an empty table
        throw InputError("positional_encoding: length and d_model must be at least 1");
    arma::mat PE(length, d_model);
    for (arma::uword p = 0; p < length; ++p)
        for (arma::uword c = 0; c < d_model; ++c) {
            const double angle = p / std::pow(10000.0, 2.0 * (c / 2) / d_model);
            PE(p, c) = c % 2 == 0 ? std::sin(angle) : std::cos(angle);
        }
    return PE;
}

}  // namespace attn
