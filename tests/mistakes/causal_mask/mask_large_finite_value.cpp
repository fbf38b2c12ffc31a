// Wrong on purpose (suite only): a large finite number where -infinity belongs.
#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::zeros);
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = i + 1; j < L; ++j) M(i, j) = -1e9;  // the mistake: finite
    return M;
}

}  // namespace attn
