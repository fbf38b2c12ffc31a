// Wrong on purpose (suite only): the mistake pe_half_width_in_whole_numbers in positional_encoding.
#include <cmath>
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"
namespace attn {
arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1");
    arma::mat PE(length, d_model, arma::fill::zeros);
    const int pairs = static_cast<int>(d_model) / 2;
    for (arma::uword i = 0; 2 * i < d_model; ++i) {
        const double w = std::pow(10000.0, -static_cast<double>(i) / std::max(pairs, 1));  // the mistake
        for (arma::uword p = 0; p < length; ++p) {
            PE(p, 2 * i) = std::sin(p * w);
            if (2 * i + 1 < d_model) PE(p, 2 * i + 1) = std::cos(p * w);
        }
    }
    return PE;
}
}  // namespace attn
