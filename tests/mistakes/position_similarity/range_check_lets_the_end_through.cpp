// Wrong on purpose (suite only): the mistake range_check_lets_the_end_through in position_similarity: the position checked with > instead of >=, so p = L reaches PE.row(p).
#include <string>
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"
namespace attn {
arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p > PE.n_rows) throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE");  // the mistake: >= (p = L is not a row)
    return PE.row(p) * PE.t();
}
}  // namespace attn
