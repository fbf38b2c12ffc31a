// Wrong on purpose (suite only): the mistake causal_mask_loop_one_short in causal_mask.
#include <limits>

#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::zeros);
    const double never = -arma::datum::inf;
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = i + 1; j + 1 < L; ++j) M(i, j) = never;  // the mistake: j + 1 < L stops one short
    return M;
}

}  // namespace attn
