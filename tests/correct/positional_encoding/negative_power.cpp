// Right, written another way (suite only): the frequency as 10000 to a negative power, sin and cos by branch.
#include <cmath>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1");
    arma::mat PE(length, d_model);
    for (arma::uword p = 0; p < length; ++p)
        for (arma::uword c = 0; c < d_model; ++c) {
            const double w = std::pow(1e4, -static_cast<double>(2 * (c / 2)) / static_cast<double>(d_model));
            if (c % 2) PE(p, c) = std::cos(w * p);
            else PE(p, c) = std::sin(w * p);
        }
    return PE;
}

}  // namespace attn
