// Wrong on purpose (suite only): the mistake causal_mask_hides_only_next in causal_mask.
#include <limits>

#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::zeros);
    for (arma::uword i = 0; i + 1 < L; ++i) M(i, i + 1) = -arma::datum::inf;  // the mistake: only the next key hidden
    return M;
}

}  // namespace attn
