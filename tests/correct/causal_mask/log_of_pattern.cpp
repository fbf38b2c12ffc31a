// Right, written another way (suite only): the log of the lower-triangular 0/1 pattern, log 1 = 0 and log 0 = -inf.
#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    const arma::mat allowed = arma::trimatl(arma::mat(L, L, arma::fill::ones));  // (L, L): 1 on and below the diagonal
    return arma::log(allowed);
}

}  // namespace attn
