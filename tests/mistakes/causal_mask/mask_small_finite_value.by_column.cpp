// Wrong on purpose (suite only): the mistake mask_small_finite_value in causal_mask.
#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    const double forbidden = -100.0;  // the mistake: a finite number, not -arma::datum::inf
    arma::mat M = arma::zeros(L, L);
    for (arma::uword j = 1; j < L; ++j)
        for (arma::uword i = 0; i < j; ++i) M(i, j) = forbidden;
    return M;
}

}  // namespace attn
