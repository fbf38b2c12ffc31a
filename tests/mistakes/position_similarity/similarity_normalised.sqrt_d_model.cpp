// Wrong on purpose (suite only): the dot products divided by sqrt(d_model), as attention scores are.
#include <cmath>
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows)
        throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE, which has " +
                         std::to_string(PE.n_rows) + " rows");
    return PE.row(p) * PE.t() / std::sqrt(static_cast<double>(PE.n_cols));  // the mistake: the plain dot products
}

}  // namespace attn
