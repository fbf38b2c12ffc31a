// Wrong on purpose (suite only): entry j holds the dot product with position j - 1.
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows)
        throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE, which has " +
                         std::to_string(PE.n_rows) + " rows");
    arma::rowvec s(PE.n_rows, arma::fill::zeros);
    for (arma::uword j = 1; j < PE.n_rows; ++j) s(j) = arma::dot(PE.row(p), PE.row(j - 1));  // the mistake: PE.row(j)
    return s;
}

}  // namespace attn
