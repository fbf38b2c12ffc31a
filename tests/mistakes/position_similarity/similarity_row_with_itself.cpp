// Wrong on purpose (suite only): the mistake similarity_row_with_itself in position_similarity.
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows)
        throw InputError("position_similarity: position " + std::to_string(p) + " is past the last row of PE " +
                         shape_of(PE));
    arma::rowvec s(PE.n_rows, arma::fill::zeros);
    for (arma::uword j = 0; j < PE.n_rows; ++j)
        for (arma::uword c = 0; c < PE.n_cols; ++c) s(j) += PE(j, c) * PE(j, c);  // the mistake: PE(p, c) * PE(j, c)
    return s;
}

}  // namespace attn
