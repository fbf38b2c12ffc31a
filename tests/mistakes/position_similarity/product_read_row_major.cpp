// Wrong on purpose (suite only): the mistake product_read_row_major in position_similarity.
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows)
        throw InputError("position_similarity: position " + std::to_string(p) + " is past the last row of PE " +
                         shape_of(PE));
    const double* pe = PE.memptr();
    const arma::uword d = PE.n_cols;
    arma::rowvec s(PE.n_rows);
    for (arma::uword j = 0; j < PE.n_rows; ++j) {
        double dot = 0.0;
        for (arma::uword c = 0; c < d; ++c) dot += pe[p * d + c] * pe[j * d + c];  // the mistake: stored by columns
        s(j) = dot;
    }
    return s;
}

}  // namespace attn
