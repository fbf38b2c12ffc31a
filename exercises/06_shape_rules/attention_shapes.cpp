// Exercise attention_shapes (chapter 06): predict the shapes before computing anything.
//
// Given L_Q (queries), L_K (keys, and values), d_k (query/key width) and d_v
// (value width), fill in the shape of the scores, of the weights and of the
// output. Work it out from the two products Q K^T and A V.
// Returns: AttentionShapes{scores, weights, output}, each a Shape{rows, cols}.
//
// Check your work:  ./course check attention_shapes   Stuck?  ./course hint attention_shapes
#include "core/errors.hpp"
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes([[maybe_unused]] arma::uword L_Q, [[maybe_unused]] arma::uword L_K,
                                 [[maybe_unused]] arma::uword d_k, [[maybe_unused]] arma::uword d_v) {
    // TODO(ch06): three shapes. Which of the four sizes does not appear in any of them?
    throw NotImplemented("attention_shapes", __FILE__);
}

}  // namespace attn
