// Wrong on purpose (suite only): the position checked against the number of columns.
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_cols)  // the mistake: a position is a row, p < PE.n_rows
        throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE");
    return PE.row(p) * PE.t();
}

}  // namespace attn
