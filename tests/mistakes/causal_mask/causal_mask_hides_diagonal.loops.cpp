// Wrong on purpose (suite only): the inner loop starting at j = i, so the diagonal is hidden too.
#include <limits>
#include "contracts/07_cross_attention.hpp"
namespace attn {
arma::mat causal_mask(arma::uword L) {
    arma::mat M = arma::zeros(L, L);
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = i; j < L; ++j) M(i, j) = -std::numeric_limits<double>::infinity();  // the mistake
    return M;
}
}  // namespace attn
