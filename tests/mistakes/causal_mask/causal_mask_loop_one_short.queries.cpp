// Wrong on purpose (suite only): the mistake causal_mask_loop_one_short in causal_mask.
#include <limits>

#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::zeros);
    for (arma::uword i = 0; i + 2 < L; ++i)  // the mistake: query L - 2 (whose key L - 1 is hidden) never reached
        for (arma::uword j = i + 1; j < L; ++j) M(i, j) = -std::numeric_limits<double>::infinity();
    return M;
}

}  // namespace attn
