// Wrong on purpose (suite only): the mistake causal_mask_loop_one_short in causal_mask.
#include <limits>

#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::zeros);
    for (arma::uword k = 1; k + 1 < L; ++k) M.diag(k).fill(-arma::datum::inf);  // the mistake: the last diagonal, k = L - 1, never filled
    return M;
}

}  // namespace attn
