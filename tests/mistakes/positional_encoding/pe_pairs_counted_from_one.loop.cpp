// Wrong on purpose (suite only): the mistake pe_pairs_counted_from_one in positional_encoding.
#include <cmath>
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"
namespace attn {
arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1");
    arma::mat PE(length, d_model, arma::fill::zeros);
    for (arma::uword i = 1; 2 * i <= d_model + 1; ++i) {  // the mistake: pairs 1, 2, ... in the exponent
        const double w = 1.0 / std::pow(10000.0, 2.0 * i / d_model);
        const arma::uword c = 2 * (i - 1);
        for (arma::uword p = 0; p < length; ++p) {
            PE(p, c) = std::sin(p * w);
            if (c + 1 < d_model) PE(p, c + 1) = std::cos(p * w);
        }
    }
    return PE;
}
}  // namespace attn
