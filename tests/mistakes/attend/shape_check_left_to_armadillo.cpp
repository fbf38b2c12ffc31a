// Wrong on purpose (suite only): no shape check; Armadillo refuses the product itself.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    return A * V;  // the mistake: no require_shapes first
}

}  // namespace attn
