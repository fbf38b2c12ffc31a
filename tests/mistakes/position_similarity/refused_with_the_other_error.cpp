// Wrong on purpose (suite only): a position that is not a row refused with a ShapeError instead of an InputError.
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows)  // the mistake: a bad position is a bad value, an InputError
        throw ShapeError("position_similarity: position " + std::to_string(p) + " is not a row of PE");
    return PE.row(p) * PE.t();
}

}  // namespace attn
