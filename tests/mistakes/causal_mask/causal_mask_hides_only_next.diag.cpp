// Wrong on purpose (suite only): the mistake causal_mask_hides_only_next in causal_mask.
#include <limits>

#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::zeros);
    if (L > 1) M.diag(1).fill(-std::numeric_limits<double>::infinity());  // the mistake: the first superdiagonal only
    return M;
}

}  // namespace attn
