// Wrong on purpose (suite only): the distance between the two codes, arma::norm of their difference.
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows)
        throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE, which has " +
                         std::to_string(PE.n_rows) + " rows");
    arma::rowvec s(PE.n_rows);
    for (arma::uword j = 0; j < PE.n_rows; ++j) s(j) = arma::norm(PE.row(p) - PE.row(j));  // the mistake: a distance
    return s;
}

}  // namespace attn
