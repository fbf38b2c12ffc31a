// Wrong on purpose (suite only): the slip named similarity_as_column (tests/catalogue/).
// Exercise position_similarity (chapter 08): one position's code against all the others.
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows)
        throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE, which has " +
                         std::to_string(PE.n_rows) + " rows");
    return PE * PE.row(p).t();  // (1, L): entry j is PE.row(p) . PE.row(j)
}

}  // namespace attn
