// mask.hpp: the course's one mask convention, and the way into it from a 0/1 pattern.
//
// Rows are queries, columns are keys. From chapter 03 on, every function that
// hides keys (masked_softmax, scaled_dot_product_attention, masked_attention,
// the model's decoder) takes an ADDITIVE mask: 0 where a query may look at a
// key, -infinity where it may not. It is added to the scores before softmax, so
// a hidden key's weight is exactly 0 (exp(-inf) = 0).
#pragma once

#include <armadillo>

namespace attn {

// The additive mask of a 0/1 pattern: 0 where allowed(i, j) != 0, -infinity
// where allowed(i, j) == 0.
// Shapes:  allowed L_Q x L_K -> L_Q x L_K.
// Example: additive_mask({{1, 0}, {1, 1}}) is {{0, -inf}, {0, 0}}.
arma::mat additive_mask(const arma::umat& allowed);

}  // namespace attn
