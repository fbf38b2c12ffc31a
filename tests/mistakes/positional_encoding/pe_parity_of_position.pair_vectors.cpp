// Wrong on purpose (suite only): the mistake pe_parity_of_position in positional_encoding.
#include <cmath>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1");
    arma::colvec pos = arma::regspace<arma::colvec>(0, static_cast<double>(length) - 1);
    if (length == 0) pos.reset();
    arma::mat PE(length, d_model);
    for (arma::uword c = 0; c < d_model; ++c) {
        const double w = std::pow(10000.0, -static_cast<double>(c - c % 2) / d_model);
        if ((c / 2) % 2 == 0) PE.col(c) = arma::sin(pos * w);  // the mistake: sine for pairs 0, 2, 4, ...
        else PE.col(c) = arma::cos(pos * w);
    }
    return PE;
}

}  // namespace attn
