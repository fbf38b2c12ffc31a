// Wrong on purpose (suite only): PE.row(p) times column j of PE, a row against a column, a dot product at a time.
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows)
        throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE, which has " +
                         std::to_string(PE.n_rows) + " rows");
    arma::rowvec s(PE.n_rows);
    for (arma::uword j = 0; j < PE.n_rows; ++j)
        s(j) = arma::as_scalar(PE.row(p) * PE.col(j));  // the mistake: PE.row(j).t()
    return s;
}

}  // namespace attn
