// Wrong on purpose (suite only): a 0/1 pattern of the future times -infinity; 0 * -inf is NaN.
#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat future(L, L, arma::fill::zeros);  // 1 where key j comes after query i
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = 0; j < L; ++j)
            if (j > i) future(i, j) = 1.0;
    return future * -arma::datum::inf;  // the mistake: the zeros become NaN, not 0
}

}  // namespace attn
