// Wrong on purpose (suite only): the mistake similarity_softmaxed in position_similarity.
#include <cmath>
#include <string>
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"
namespace attn {
arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows) throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE");
    arma::rowvec s = PE.row(p) * PE.t() / std::sqrt(static_cast<double>(PE.n_cols));
    s = arma::exp(s - s.max());  // the mistake: attention weights, not dot products
    return s / arma::accu(s);
}
}  // namespace attn
