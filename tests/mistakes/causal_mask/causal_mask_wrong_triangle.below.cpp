// Wrong on purpose (suite only): -infinity below the diagonal, the past, instead of above it.
#include <limits>
#include "contracts/07_cross_attention.hpp"
namespace attn {
arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::zeros);
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = 0; j < i; ++j) M(i, j) = -arma::datum::inf;  // the mistake
    return M;
}
}  // namespace attn
