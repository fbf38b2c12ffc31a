// Wrong on purpose (suite only): the sums started from ones instead of zeros.
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows)
        throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE, which has " +
                         std::to_string(PE.n_rows) + " rows");
    arma::rowvec s(PE.n_rows, arma::fill::ones);  // the mistake: arma::fill::zeros
    for (arma::uword j = 0; j < PE.n_rows; ++j)
        for (arma::uword c = 0; c < PE.n_cols; ++c) s(j) += PE(p, c) * PE(j, c);
    return s;
}

}  // namespace attn
