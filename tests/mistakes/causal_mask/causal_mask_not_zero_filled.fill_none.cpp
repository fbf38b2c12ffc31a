// Wrong on purpose (suite only): the mistake causal_mask_not_zero_filled in causal_mask.
#include <limits>

#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::none);  // the mistake: fill::none leaves the entries as they were
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = i + 1; j < L; ++j) M(i, j) = -arma::datum::inf;
    return M;
}

}  // namespace attn
