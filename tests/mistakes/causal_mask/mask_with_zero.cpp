// Wrong on purpose (suite only): std::numeric_limits<double>::min() taken for the most negative double.
#include <limits>

#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::zeros);
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = i + 1; j < L; ++j) M(i, j) = std::numeric_limits<double>::min();  // the mistake: 2.2e-308
    return M;
}

}  // namespace attn
