// Wrong on purpose (suite only): the mistake shape_check_left_to_armadillo in position_similarity: no range check for p.
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    return PE.row(p) * PE.t();  // the mistake: p is never checked against PE.n_rows; (1, L): entry j is PE.row(p) . PE.row(j)
}

}  // namespace attn
