// Wrong on purpose (suite only): the dot products divided by d_model / 2, so that entry p comes out as 1.
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows)
        throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE, which has " +
                         std::to_string(PE.n_rows) + " rows");
    arma::rowvec s(PE.n_rows);
    for (arma::uword j = 0; j < PE.n_rows; ++j) s(j) = arma::dot(PE.row(p), PE.row(j));
    return s / (PE.n_cols / 2.0);  // the mistake: the plain dot products were asked for
}

}  // namespace attn
