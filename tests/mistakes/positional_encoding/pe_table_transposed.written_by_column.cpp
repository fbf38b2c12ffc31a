// Wrong on purpose (suite only): the table made d_model x L and written PE(c, p).
#include <cmath>
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"
namespace attn {
arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1");
    arma::mat PE(d_model, length);  // the mistake
    for (arma::uword p = 0; p < length; ++p)
        for (arma::uword c = 0; c < d_model; ++c) {
            double angle = p / std::pow(10000.0, 2.0 * (c / 2) / d_model);
            PE(c, p) = c % 2 == 0 ? std::sin(angle) : std::cos(angle);
        }
    return PE;
}
}  // namespace attn
