// Wrong on purpose (suite only): a row of PE^T PE, the columns compared with each other.
#include <string>
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"
namespace attn {
arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows) throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE");
    arma::mat G = PE.t() * PE;  // the mistake
    return G.row(p);
}
}  // namespace attn
