// Wrong on purpose (suite only): the mistake similarity_softmaxed in position_similarity.
#include <cmath>
#include <string>
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"
namespace attn {
arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows) throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE");
    const arma::rowvec s = PE.row(p) * PE.t();
    const arma::rowvec e = arma::exp(s - s.max());
    return e / arma::sum(e);  // the mistake: the raw dot products s
}
}  // namespace attn
