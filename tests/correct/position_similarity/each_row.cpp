// Right, written another way (suite only): the products with row p, summed along each row.
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows)
        throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE, which has " +
                         std::to_string(PE.n_rows) + " rows");
    const arma::mat products = PE.each_row() % PE.row(p);  // (L, d_model)
    return arma::sum(products, 1).t();                    // (1, L)
}

}  // namespace attn
