// Wrong on purpose (suite only): position_similarity keeps row p of the first call's PE in a static.
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows)
        throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE, which has " +
                         std::to_string(PE.n_rows) + " rows");
    static arma::rowvec row_p;
    if (row_p.n_elem != PE.n_cols) row_p = PE.row(p);  // the mistake: set again only for another width
    return row_p * PE.t();  // (1, L): entry j is PE.row(p) . PE.row(j)
}

}  // namespace attn
