// Wrong on purpose (suite only): the sines in the first half of the columns, the cosines in the second.
#include <cmath>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1");
    arma::mat PE(length, d_model, arma::fill::zeros);
    const arma::uword half = d_model / 2;
    for (arma::uword p = 0; p < length; ++p)
        for (arma::uword i = 0; i < half; ++i) {
            const double angle = static_cast<double>(p) / std::pow(10000.0, 2.0 * i / static_cast<double>(d_model));
            PE(p, i) = std::sin(angle);         // the mistake: pair i in columns i and half + i,
            PE(p, half + i) = std::cos(angle);  // not in columns 2i and 2i + 1
        }
    return PE;
}

}  // namespace attn
