// Wrong on purpose (suite only): each dot product summed in an int.
#include <string>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity(const arma::mat& PE, arma::uword p) {
    if (p >= PE.n_rows)
        throw InputError("position_similarity: position " + std::to_string(p) + " is not a row of PE, which has " +
                         std::to_string(PE.n_rows) + " rows");
    arma::rowvec out(PE.n_rows);
    for (arma::uword j = 0; j < PE.n_rows; ++j) {
        auto s = 0;  // the mistake: an int, so each += drops the fraction
        for (arma::uword c = 0; c < PE.n_cols; ++c) s += PE(p, c) * PE(j, c);
        out(j) = s;
    }
    return out;
}

}  // namespace attn
