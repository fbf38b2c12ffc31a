// Wrong on purpose (suite only): the mistake pe_positions_divided_by_length in positional_encoding.
#include <cmath>
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"
namespace attn {
arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1");
    arma::mat PE(length, d_model);
    if (length == 0) return PE;
    const arma::vec pos = arma::regspace<arma::vec>(0, length - 1) / static_cast<double>(length);  // the mistake
    for (arma::uword c = 0; c < d_model; ++c) {
        const arma::vec a = pos / std::pow(10000.0, 2.0 * (c / 2) / d_model);
        PE.col(c) = c % 2 == 0 ? arma::vec(arma::sin(a)) : arma::vec(arma::cos(a));
    }
    return PE;
}
}  // namespace attn
