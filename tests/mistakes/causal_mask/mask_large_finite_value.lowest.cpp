// Wrong on purpose (suite only): the lowest finite double where -infinity belongs.
#include <limits>

#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::zeros);
    for (arma::uword j = 1; j < L; ++j) M(arma::span(0, j - 1), j).fill(std::numeric_limits<double>::lowest());  // the mistake
    return M;
}

}  // namespace attn
