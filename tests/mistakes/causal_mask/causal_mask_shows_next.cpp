// Wrong on purpose (suite only): masking starts at j = i + 2, so key i + 1 stays visible.
#include <limits>

#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::zeros);
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = i + 2; j < L; ++j) M(i, j) = -std::numeric_limits<double>::infinity();  // the mistake
    return M;
}

}  // namespace attn
