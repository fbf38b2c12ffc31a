// Right, written another way (suite only): arma::trimatu(M, 1) of a matrix of -infinity, with L < 2 on its own.
#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    if (L < 2) return arma::zeros(L, L);  // no key lies after any query
    return arma::trimatu(arma::mat(L, L, arma::fill::value(-arma::datum::inf)), 1);
}

}  // namespace attn
