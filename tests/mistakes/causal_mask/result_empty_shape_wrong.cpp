// Wrong on purpose (suite only): the mistake result_empty_shape_wrong in causal_mask.
#include <limits>

#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    if (L <= 1) return arma::mat(1, 1, arma::fill::zeros);  // the mistake: L = 0 treated like L = 1
    arma::mat M(L, L, arma::fill::zeros);
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = i + 1; j < L; ++j) M(i, j) = -std::numeric_limits<double>::infinity();
    return M;
}

}  // namespace attn
