// Exercise row_one_by_hand (chapter 04): one output row as a weighted sum.
//
// Try it on paper first. Token I weighs the keys 0.58, 0.21, 0.21; the value
// rows are v_I = (1,1,0,0), v_love = (2,0,0,1), v_LLMs = (1,0,1,0).
// The mix should come to (1.21, 0.58, 0.21, 0.21).
// Then write it here with a loop over the rows of V, no matrix product:
//   z = weights(0) * V.row(0) + weights(1) * V.row(1) + ...
// Reject a weights row whose length is not V's number of rows (require_shapes).
// Shapes:  weights 1 x L_K, V L_K x d_v -> 1 x d_v.
//
// Check your work:  ./course check row_one_by_hand   Stuck?  ./course hint row_one_by_hand
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows([[maybe_unused]] const arma::rowvec& weights, [[maybe_unused]] const arma::mat& V) {
    // TODO(ch04): start from a row of zeros and add one scaled value row per key.
    throw NotImplemented("mix_value_rows", __FILE__);
}

}  // namespace attn
