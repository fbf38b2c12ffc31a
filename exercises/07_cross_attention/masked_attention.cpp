// Exercise masked_attention (chapter 07): attention with a mask that must be there.
//
// Your scaled_dot_product_attention (chapter 06) already takes a mask. This
// function is the wiring that insists on one: check, under the name
// "masked_attention", the two rules of chapter 06 (your check_attention_shapes
// does that with any function name), then that the mask is L_Q x L_K
// (kRuleMaskShape, naming "mask" and the scores' shape: Named("scores", Q.n_rows,
// K.n_rows)); reject NaN / +infinity in the mask with require_finite(..., true).
// Then hand everything to scaled_dot_product_attention.
// Shapes:  Q L_Q x d_k, K L_K x d_k, V L_K x d_v, mask L_Q x L_K
//          -> weights L_Q x L_K, output L_Q x d_v.
//
// Check your work:  ./course check masked_attention   Stuck?  ./course hint masked_attention
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionResult masked_attention([[maybe_unused]] const arma::mat& Q, [[maybe_unused]] const arma::mat& K,
                                 [[maybe_unused]] const arma::mat& V, [[maybe_unused]] const arma::mat& mask) {
    // TODO(ch07): checks under this function's name, then one call with the mask.
    throw NotImplemented("masked_attention", __FILE__);
}

}  // namespace attn
