// Wrong on purpose (suite only): minus the largest double, a finite number, where -infinity belongs.
#include <limits>
#include "contracts/07_cross_attention.hpp"
namespace attn {
arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::zeros);
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = i + 1; j < L; ++j) M(i, j) = -std::numeric_limits<double>::max();  // the mistake
    return M;
}
}  // namespace attn
