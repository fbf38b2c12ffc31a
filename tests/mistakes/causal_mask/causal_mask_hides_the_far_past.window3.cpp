// Wrong on purpose (suite only): the mistake causal_mask_hides_the_far_past in causal_mask.
#include <limits>

#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L);
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = 0; j < L; ++j) {
            const bool seen = j <= i && i - j < 3;  // the mistake: a window of 3 keys, the far past hidden
            M(i, j) = seen ? 0.0 : -std::numeric_limits<double>::infinity();
        }
    return M;
}

}  // namespace attn
