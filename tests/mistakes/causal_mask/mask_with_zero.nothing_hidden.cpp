// Wrong on purpose (suite only): i - j < 0 with unsigned indices, never true, so nothing is hidden.
#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::zeros);
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = 0; j < L; ++j)
            if (i - j < 0) M(i, j) = -arma::datum::inf;  // the mistake: an arma::uword is never below 0
    return M;
}

}  // namespace attn
