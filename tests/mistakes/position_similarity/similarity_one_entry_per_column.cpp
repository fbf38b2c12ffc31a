// Wrong on purpose (suite only): the loop over positions bounded by the number of columns.
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows)
        throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE, which has " +
                         std::to_string(PE.n_rows) + " rows");
    arma::rowvec s(PE.n_cols);
    for (arma::uword j = 0; j < PE.n_cols; ++j) s(j) = arma::dot(PE.row(p), PE.row(j));  // the mistake: j < PE.n_rows
    return s;
}

}  // namespace attn
