// Wrong on purpose (suite only): the mistake causal_mask_hides_the_far_past in causal_mask.
#include <limits>

#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::zeros);
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = 0; j < L; ++j)
            if (j > i || j + 1 < i) M(i, j) = -arma::datum::inf;  // the mistake: keys before i - 1 hidden too
    return M;
}

}  // namespace attn
