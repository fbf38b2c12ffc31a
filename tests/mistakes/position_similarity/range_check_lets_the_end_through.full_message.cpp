// Wrong on purpose (suite only): the mistake range_check_lets_the_end_through in position_similarity.
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p > PE.n_rows)  // the mistake: p = PE.n_rows is past the last row too (>=)
        throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE, which has " +
                         std::to_string(PE.n_rows) + " rows");
    return PE.row(p) * PE.t();  // (1, L): entry j is PE.row(p) . PE.row(j)
}

}  // namespace attn
