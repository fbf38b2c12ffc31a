// Wrong on purpose (suite only): the mistake similarity_only_earlier_positions in position_similarity.
#include <cmath>
#include <string>
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"
namespace attn {
arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows) throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE");
    arma::rowvec s(PE.n_rows, arma::fill::zeros);
    s.head(p + 1) = PE.row(p) * PE.head_rows(p + 1).t();  // the mistake: the first p + 1 rows only
    return s;
}
}  // namespace attn
