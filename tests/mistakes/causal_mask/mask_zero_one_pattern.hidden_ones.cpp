// Wrong on purpose (suite only): 1 marks a hidden key, arma::trimatu of ones; never turned into -infinity.
#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    arma::mat M(L, L, arma::fill::zeros);
    if (L > 1) M = arma::trimatu(arma::mat(L, L, arma::fill::ones), 1);  // the mistake: 1 where -inf belongs
    return M;
}

}  // namespace attn
