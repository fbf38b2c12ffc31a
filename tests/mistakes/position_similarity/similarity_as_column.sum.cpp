// Wrong on purpose (suite only): arma::sum(..., 1), a column, returned without its .t().  // the mistake
#include <string>
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"
namespace attn {
arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows) throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE");
    return arma::sum(PE.each_row() % PE.row(p), 1);
}
}  // namespace attn
