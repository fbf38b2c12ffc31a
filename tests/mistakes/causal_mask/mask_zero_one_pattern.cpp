// Wrong on purpose (suite only): 1 for the keys that may be seen and 0 for the others, a pattern instead of 0/-infinity.
#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::zeros);
    M.ones();
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = i + 1; j < L; ++j) M(i, j) = 0.0;  // the mistake: 1 allowed, 0 forbidden
    return M;
}

}  // namespace attn
