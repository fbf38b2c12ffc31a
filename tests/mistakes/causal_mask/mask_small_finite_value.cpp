// Wrong on purpose (suite only): the mistake mask_small_finite_value in causal_mask.
#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::zeros);
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = i + 1; j < L; ++j) M(i, j) = -1.0;  // the mistake: -1 read as "forbidden"
    return M;
}

}  // namespace attn
