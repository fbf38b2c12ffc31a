// Wrong on purpose (suite only): the mistake similarity_last_column_left_out in position_similarity. (columns by twos while a pair fits)
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (!(p < PE.n_rows))
        throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE, which has " +
                         std::to_string(PE.n_rows) + " rows");
    arma::rowvec s(PE.n_rows, arma::fill::zeros);
    for (arma::uword c = 0; c + 1 < PE.n_cols; c += 2)  // the mistake: a lone last column is never reached
        s += PE(p, c) * PE.col(c).t() + PE(p, c + 1) * PE.col(c + 1).t();
    return s;
}

}  // namespace attn
