// Wrong on purpose (suite only): the row of position p - 1, positions counted from 1.
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows)
        throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE, which has " +
                         std::to_string(PE.n_rows) + " rows");
    return PE.row(p - 1) * PE.t();  // the mistake: row p is position p
}

}  // namespace attn
