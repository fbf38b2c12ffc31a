// Wrong on purpose (suite only): 10e4 for ten thousand, which is 100000.
#include <cmath>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1");
    arma::mat PE(length, d_model);
    for (arma::uword c = 0; c < d_model; ++c) {
        const double rate = std::pow(10e4, -static_cast<double>(c - c % 2) / d_model);  // the mistake: 10e4 = 100000
        for (arma::uword p = 0; p < length; ++p)
            PE(p, c) = c % 2 == 0 ? std::sin(p * rate) : std::cos(p * rate);
    }
    return PE;
}

}  // namespace attn
