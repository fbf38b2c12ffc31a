// Wrong on purpose (suite only): arma::trimatl(M, -1) of a matrix of -infinity, the past hidden (and L < 2 refused).
#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    const arma::mat never(L, L, arma::fill::value(-arma::datum::inf));
    return arma::trimatl(never, -1);  // the mistake: trimatl keeps what lies below the diagonal
}

}  // namespace attn
