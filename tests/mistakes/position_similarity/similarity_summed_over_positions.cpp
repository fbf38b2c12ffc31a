// Wrong on purpose (suite only): the products summed down the columns (arma::sum without its 1).
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows)
        throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE, which has " +
                         std::to_string(PE.n_rows) + " rows");
    arma::mat products = PE.each_row() % PE.row(p);  // (L, d_model): PE(j, c) PE(p, c)
    return arma::sum(products);  // the mistake: sums each column; a dot product is arma::sum(products, 1)
}

}  // namespace attn
