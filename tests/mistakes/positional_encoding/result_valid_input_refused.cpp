// Wrong on purpose (suite only): the mistake result_valid_input_refused in positional_encoding.
#include <cmath>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    // the mistake: one column is legal (a lone sine), only d_model = 0 is refused
    if (d_model < 2) throw InputError("positional_encoding: d_model must hold at least one sine/cosine pair");
    arma::mat PE(length, d_model);
    for (arma::uword p = 0; p < length; ++p)
        for (arma::uword c = 0; c < d_model; ++c) {
            const double angle = p / std::pow(10000.0, static_cast<double>(c - c % 2) / d_model);
            PE(p, c) = c % 2 == 0 ? std::sin(angle) : std::cos(angle);
        }
    return PE;
}

}  // namespace attn
