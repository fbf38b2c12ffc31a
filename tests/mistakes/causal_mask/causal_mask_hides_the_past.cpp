// Wrong on purpose (suite only): j - i > 0 with unsigned indices, true for every j != i.
#include <limits>

#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L);
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = 0; j < L; ++j)
            M(i, j) = (j - i > 0) ? -std::numeric_limits<double>::infinity() : 0.0;  // the mistake: j - i wraps
    return M;
}

}  // namespace attn
