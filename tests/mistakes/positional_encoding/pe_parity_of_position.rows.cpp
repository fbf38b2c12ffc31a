// Wrong on purpose (suite only): the mistake pe_parity_of_position in positional_encoding.
#include <cmath>
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"
namespace attn {
arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1");
    arma::mat PE(length, d_model, arma::fill::zeros);
    arma::rowvec w(d_model);
    for (arma::uword c = 0; c < d_model; ++c) w(c) = std::pow(10000.0, -2.0 * (c / 2) / d_model);
    for (arma::uword p = 0; p < length; ++p) {
        const arma::rowvec a = static_cast<double>(p) * w;
        PE.row(p) = (p % 2 == 1) ? arma::rowvec(arma::cos(a)) : arma::rowvec(arma::sin(a));  // the mistake: a row of one kind
    }
    return PE;
}
}  // namespace attn
