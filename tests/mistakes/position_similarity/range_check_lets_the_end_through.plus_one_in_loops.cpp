// Wrong on purpose (suite only): the mistake range_check_lets_the_end_through in position_similarity (a count of positions one too many, then loops).
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    const arma::uword positions = PE.n_rows + 1;  // the mistake: PE has PE.n_rows positions, 0 .. PE.n_rows - 1
    if (p >= positions) throw InputError("position_similarity: position " + std::to_string(p) + " is past the table");
    arma::rowvec s(PE.n_rows, arma::fill::zeros);
    for (arma::uword j = 0; j < PE.n_rows; ++j)
        for (arma::uword c = 0; c < PE.n_cols; ++c) s(j) += PE(p, c) * PE(j, c);
    return s;
}

}  // namespace attn
