// Wrong on purpose (suite only): the mistake similarity_from_offsets in position_similarity. (the rows from p on, one entry per offset that fits)
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (!(p < PE.n_rows))
        throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE, which has " +
                         std::to_string(PE.n_rows) + " rows");
    // the mistake: entry k against row p + k, so only the L - p offsets that fit
    return PE.row(p) * PE.rows(p, PE.n_rows - 1).t();
}

}  // namespace attn
