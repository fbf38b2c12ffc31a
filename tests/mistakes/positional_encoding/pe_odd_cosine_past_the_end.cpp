// Wrong on purpose (suite only): a loop over pairs that writes the cosine of the last pair of an odd table past its end.
#include <cmath>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1");
    arma::mat PE(length, d_model);
    for (arma::uword p = 0; p < length; ++p)
        for (arma::uword i = 0; 2 * i < d_model; ++i) {
            const double angle = p / std::pow(10000.0, 2.0 * i / d_model);
            PE(p, 2 * i) = std::sin(angle);
            PE(p, 2 * i + 1) = std::cos(angle);  // the mistake: column d_model when d_model is odd
        }
    return PE;
}

}  // namespace attn
