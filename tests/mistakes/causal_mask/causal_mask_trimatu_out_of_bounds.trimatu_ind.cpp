// Wrong on purpose (suite only): arma::trimatu_ind(size, 1), which Armadillo refuses for fewer than 2 rows.  // the mistake
#include <limits>
#include "contracts/07_cross_attention.hpp"
namespace attn {
arma::mat causal_mask(arma::uword L) {
    arma::mat M = arma::zeros(L, L);
    M.elem(arma::trimatu_ind(arma::size(M), 1)).fill(-arma::datum::inf);
    return M;
}
}  // namespace attn
