// Right, written another way (suite only): the angles as one outer product, frequencies by exp and log.
#include <cmath>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat positional_encoding(arma::uword length, arma::uword d_model) {
    if (d_model == 0) throw InputError("positional_encoding: d_model must be at least 1");
    arma::colvec pos(length);  // (L)
    for (arma::uword p = 0; p < length; ++p) pos(p) = static_cast<double>(p);
    arma::rowvec w(d_model);  // (d_model): 1 / 10000^(2i / d_model), shared by columns 2i and 2i + 1
    for (arma::uword c = 0; c < d_model; ++c)
        w(c) = std::exp(-std::log(10000.0) * static_cast<double>(c - c % 2) / static_cast<double>(d_model));
    const arma::mat angles = pos * w;  // (L, d_model)
    arma::mat PE = arma::sin(angles);
    for (arma::uword c = 1; c < d_model; c += 2) PE.col(c) = arma::cos(angles.col(c));
    return PE;
}

}  // namespace attn
