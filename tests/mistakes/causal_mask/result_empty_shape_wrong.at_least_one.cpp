// Wrong on purpose (suite only): the mistake result_empty_shape_wrong in causal_mask.
#include <algorithm>
#include <limits>

#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    const arma::uword n = std::max<arma::uword>(L, 1);  // the mistake: a mask of at least one entry
    arma::mat M(n, n, arma::fill::zeros);
    for (arma::uword i = 0; i < n; ++i)
        for (arma::uword j = 0; j < n; ++j)
            if (j > i) M(i, j) = -std::numeric_limits<double>::infinity();
    return M;
}

}  // namespace attn
