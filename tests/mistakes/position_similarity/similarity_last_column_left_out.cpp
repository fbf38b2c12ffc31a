// Wrong on purpose (suite only): the mistake similarity_last_column_left_out in position_similarity.
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (!(p < PE.n_rows))
        throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE, which has " +
                         std::to_string(PE.n_rows) + " rows");
    arma::rowvec s(PE.n_rows, arma::fill::zeros);
    for (arma::uword j = 0; j < PE.n_rows; ++j)
        for (arma::uword i = 0; i < PE.n_cols / 2; ++i)  // the mistake: whole sin/cos pairs only
            s(j) += PE(p, 2 * i) * PE(j, 2 * i) + PE(p, 2 * i + 1) * PE(j, 2 * i + 1);
    return s;
}

}  // namespace attn
