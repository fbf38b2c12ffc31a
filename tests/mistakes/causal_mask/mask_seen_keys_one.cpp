// Wrong on purpose (suite only): a matrix of ones with -infinity above the diagonal.
#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::ones);  // the mistake: a key that may be seen gets 0
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = i + 1; j < L; ++j) M(i, j) = -arma::datum::inf;
    return M;
}

}  // namespace attn
