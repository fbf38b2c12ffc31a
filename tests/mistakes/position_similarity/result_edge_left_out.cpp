// Wrong on purpose (suite only): the mistake result_edge_left_out in position_similarity.
#include <cmath>
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows)
        throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE");
    arma::rowvec out(PE.n_rows, arma::fill::zeros);
    for (arma::uword j = 0; j + 1 < PE.n_rows; ++j) out(j) = arma::dot(PE.row(p), PE.row(j));  // the mistake: j + 1 < n stops one short
    return out;
}

}  // namespace attn
