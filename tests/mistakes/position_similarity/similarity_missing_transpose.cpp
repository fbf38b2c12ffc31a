// Wrong on purpose (suite only): PE.row(p) * PE, the .t() forgotten.
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows)
        throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE, which has " +
                         std::to_string(PE.n_rows) + " rows");
    return PE.row(p) * PE;  // the mistake: PE.row(p) * PE.t()
}

}  // namespace attn
