// Right, written another way (suite only): the column PE * PE.row(p)^T, turned into a row.
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows) throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE");
    const arma::colvec s = PE * PE.row(p).t();  // (L, 1)
    return s.t();
}

}  // namespace attn
