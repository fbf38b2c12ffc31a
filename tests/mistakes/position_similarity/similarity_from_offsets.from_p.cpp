// Wrong on purpose (suite only): the mistake similarity_from_offsets in position_similarity. (entry k is PE(p) . PE(p + k), 0 past the end)
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (!(p < PE.n_rows))
        throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE, which has " +
                         std::to_string(PE.n_rows) + " rows");
    arma::rowvec s(PE.n_rows, arma::fill::zeros);
    for (arma::uword k = 0; p + k < PE.n_rows; ++k)  // the mistake: offset k from p, not row k
        for (arma::uword c = 0; c < PE.n_cols; ++c) s(k) += PE(p, c) * PE(p + k, c);
    return s;
}

}  // namespace attn
