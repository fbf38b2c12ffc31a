// Wrong on purpose (suite only): arma::trimatl of ones: 1 where a key may be seen, 0 where it is hidden.  // the mistake
#include <limits>
#include "contracts/07_cross_attention.hpp"
namespace attn {
arma::mat causal_mask(arma::uword L) {
    return arma::trimatl(arma::ones(L, L));
}
}  // namespace attn
