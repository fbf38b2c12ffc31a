// Wrong on purpose (suite only): the past hidden (j < i) instead of the future.
#include <limits>

#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::zeros);
    const double never = -std::numeric_limits<double>::infinity();
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = 0; j < i; ++j) M(i, j) = never;  // the mistake: below the diagonal
    return M;
}

}  // namespace attn
