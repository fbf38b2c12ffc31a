// Exercise masked_softmax (chapter 03): softmax with some keys hidden.
//
// The mask is additive: where mask(i, j) is -infinity, query i must not look at
// key j (its weight must be exactly 0, and the weights of the keys it may see
// must still sum to 1); where it is 0, the score stays as it is.
// Check first that `mask` has the shape of S (rule "the mask must have the
// shape of the scores") and holds no NaN or +infinity, then let softmax_rows
// do the rest.
// Shapes:  S L_Q x L_K, mask L_Q x L_K -> L_Q x L_K.
//
// Check your work:  ./course check masked_softmax   Stuck?  ./course hint masked_softmax
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat masked_softmax([[maybe_unused]] const arma::mat& S, [[maybe_unused]] const arma::mat& mask) {
    // TODO(ch03): hide the keys, then softmax. Before or after: which one works?
    throw NotImplemented("masked_softmax", __FILE__);
}

}  // namespace attn
