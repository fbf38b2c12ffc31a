// Exercise causal_mask (chapter 07): no peeking at later positions.
#include <limits>

#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::zeros);  // (L, L): query i in row i, key j in column j
    const double never = -std::numeric_limits<double>::infinity();
    // Key j lies in query i's future exactly when j > i: strictly above the diagonal.
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = i + 1; j < L; ++j) M(i, j) = never;
    return M;
}

}  // namespace attn
