// Wrong on purpose (suite only): j >= i is masked, so a token cannot see itself.
#include <limits>

#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::zeros);
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = i; j < L; ++j) M(i, j) = -std::numeric_limits<double>::infinity();  // the mistake: j = i too
    return M;
}

}  // namespace attn
