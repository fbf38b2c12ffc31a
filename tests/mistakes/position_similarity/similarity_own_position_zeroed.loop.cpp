// Wrong on purpose (suite only): the mistake similarity_own_position_zeroed in position_similarity.
#include <cmath>
#include <string>
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"
namespace attn {
arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows) throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE");
    arma::rowvec s(PE.n_rows, arma::fill::zeros);
    for (arma::uword j = 0; j < PE.n_rows; ++j) {
        if (j == p) continue;  // the mistake: every position, p too
        s(j) = arma::dot(PE.row(p), PE.row(j));
    }
    return s;
}
}  // namespace attn
