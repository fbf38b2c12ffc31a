// Wrong on purpose (suite only): an empty table given back before d_model is checked, so
// positional_encoding(0, 0) returns a 0x0 table instead of refusing d_model 0.
#include <cmath>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (length == 0) return arma::mat(0, d_model);  // the mistake: nothing to fill, but d_model 0 is still refused
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1 (one column per feature)");
    arma::mat PE(length, d_model);
    for (arma::uword p = 0; p < length; ++p)
        for (arma::uword c = 0; c < d_model; ++c) {
            const double angle = p / std::pow(10000.0, 2.0 * (c / 2) / d_model);
            PE(p, c) = c % 2 == 0 ? std::sin(angle) : std::cos(angle);
        }
    return PE;
}

}  // namespace attn
