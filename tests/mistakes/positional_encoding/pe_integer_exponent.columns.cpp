// Wrong on purpose (suite only): (c - c % 2) / d_model in whole numbers, 0 for every column.  // the mistake
#include <cmath>
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"
namespace attn {
arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1");
    arma::mat PE(length, d_model);
    for (arma::uword p = 0; p < length; ++p)
        for (arma::uword c = 0; c < d_model; ++c) {
            double angle = p / std::pow(10000.0, (c - c % 2) / d_model);
            PE(p, c) = c % 2 ? std::cos(angle) : std::sin(angle);
        }
    return PE;
}
}  // namespace attn
