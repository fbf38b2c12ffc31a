// Wrong on purpose (suite only): everything -infinity, then only the diagonal opened.
#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::value(-arma::datum::inf));
    M.diag().zeros();  // the mistake: the keys before i (below the diagonal) must be 0 too
    return M;
}

}  // namespace attn
