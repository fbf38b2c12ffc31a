// Wrong on purpose (suite only): arma::trimatu(M, 1), which Armadillo refuses for fewer than 2 rows.
#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    const arma::mat never(L, L, arma::fill::value(-arma::datum::inf));
    return arma::trimatu(never, 1);  // the mistake: the diagonal k = 1 does not exist when L < 2
}

}  // namespace attn
