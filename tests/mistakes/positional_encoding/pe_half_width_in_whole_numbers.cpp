// Wrong on purpose (suite only): the mistake pe_half_width_in_whole_numbers in positional_encoding.
#include <cmath>
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"
namespace attn {
arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1");
    arma::mat PE(length, d_model);
    const arma::uword half = d_model / 2;
    for (arma::uword p = 0; p < length; ++p)
        for (arma::uword c = 0; c < d_model; ++c) {
            const double i = c / 2;
            const double e = half == 0 ? 0.0 : i / half;  // the mistake: 2.0 * i / d_model
            const double a = p / std::pow(10000.0, e);
            PE(p, c) = c % 2 == 0 ? std::sin(a) : std::cos(a);
        }
    return PE;
}
}  // namespace attn
