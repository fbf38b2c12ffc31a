// Exercise attend (chapter 04): spend the weights on the values.
//
// Return A V: row i is the mix of V's rows in the proportions of A's row i.
// Check first that A has one column per row of V, rule
// "A needs one column per row of V (L_K = L_V)".
// Shapes:  A L_Q x L_K, V L_K x d_v -> L_Q x d_v.
//
// Check your work:  ./course check attend   Stuck?  ./course hint attend
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend([[maybe_unused]] const arma::mat& A, [[maybe_unused]] const arma::mat& V) {
    // TODO(ch04): check the shapes, then one product.
    throw NotImplemented("attend", __FILE__);
}

}  // namespace attn
