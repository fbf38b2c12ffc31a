// Wrong on purpose (suite only): a loop over whole pairs with 2 * i / d_model in whole numbers (0 for every pair).
#include <cmath>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1");
    arma::mat PE(length, d_model, arma::fill::zeros);
    for (arma::uword p = 0; p < length; ++p)
        for (arma::uword i = 0; 2 * i + 1 < d_model; ++i) {
            const double angle = p / std::pow(10000.0, 2 * i / d_model);  // the mistake: whole-number division
            PE(p, 2 * i) = std::sin(angle);
            PE(p, 2 * i + 1) = std::cos(angle);
        }
    return PE;
}

}  // namespace attn
