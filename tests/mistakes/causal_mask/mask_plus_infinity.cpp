// Wrong on purpose (suite only): +infinity in the future, the minus sign forgotten.
#include <limits>

#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::zeros);
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = i + 1; j < L; ++j) M(i, j) = std::numeric_limits<double>::infinity();  // the mistake: -inf
    return M;
}

}  // namespace attn
