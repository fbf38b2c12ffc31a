// Right, written another way (suite only): column by column, the rows above the diagonal filled with -infinity.
#include <limits>

#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M = arma::zeros(L, L);
    for (arma::uword j = 1; j < L; ++j) M.col(j).head(j).fill(-std::numeric_limits<double>::infinity());
    return M;
}

}  // namespace attn
