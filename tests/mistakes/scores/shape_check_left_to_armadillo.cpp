// Wrong on purpose (suite only): no check of the widths; Armadillo refuses the product itself.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scores(const arma::mat& Q, const arma::mat& K) {
    return Q * K.t();  // the mistake: no require_shapes first
}

}  // namespace attn
