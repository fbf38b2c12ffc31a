// 07_cross_attention.hpp: the exercise contracts of chapter 07 (chapters/07_cross_attention):
// the wirings of chapter 06's attention primitive, with a mask, as self- and as
// cross-attention.
//
// Rows are tokens, columns are features (legend in 06_shape_rules.hpp):
//   Q L_Q x d_k,  K L_K x d_k,  V L_K x d_v  ->  scores and weights L_Q x L_K  ->  output L_Q x d_v
#pragma once

#include <armadillo>

#include "contracts/06_shape_rules.hpp"

namespace attn {

// The primitive with a mask that must be there: the same checks and the same
// numbers as scaled_dot_product_attention(Q, K, V, mask), but an error names
// masked_attention, and an empty mask is refused (no mask is not a mask).
// Shapes:  Q L_Q x d_k, K L_K x d_k, V L_K x d_v, mask L_Q x L_K
//          -> weights L_Q x L_K, output L_Q x d_v.
// Throws:  ShapeError "masked_attention: <rule>; ..." for the two rules of
//          chapter 06 and for a mask that is not L_Q x L_K ("...; got mask 3x3
//          and scores 2x4"); InputError for NaN or +infinity in the mask.
// Chapter: 07 (exercise masked_attention)
AttentionResult masked_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask);

// The decoder's mask: position i may look at positions 0..i and nothing later.
// Returns: L x L, 0 on and below the diagonal, -infinity above it.
// Chapter: 07 (exercise causal_mask)
arma::mat causal_mask(arma::uword L);

// Self-attention: one sequence X supplies the queries, the keys and the values.
//   Q = X W_q, K = X W_k, V = X W_v, then scaled_dot_product_attention(Q, K, V).
// Shapes:  X L x d_model, W_q and W_k d_model x d_k, W_v d_model x d_v
//          -> weights L x L, output L x d_v.
// Throws:  ShapeError when X is not as wide as a weight matrix has rows
//          ("self_attention: X's width must equal W_q's rows (d_model); got X 3x4 and W_q 5x4"),
//          or when W_q and W_k give different widths; (reference solution)
//          InputError for NaN or infinity in X, naming the cell.
// Chapter: 07 (exercise self_attention)
AttentionResult self_attention(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v);

// Cross-attention: the decoder's sequence supplies the queries, the encoder's
// output supplies the keys and the values.
//   Q = X_dec W_q, K = H_enc W_k, V = H_enc W_v, then scaled_dot_product_attention(Q, K, V).
// Shapes:  X_dec L_dec x d_model, H_enc L_enc x d_model, W_q and W_k d_model x d_k,
//          W_v d_model x d_v -> weights L_dec x L_enc (not square), output L_dec x d_v.
// Throws:  ShapeError as self_attention, naming X_dec or H_enc; (reference
//          solution) InputError for NaN or infinity in X_dec or H_enc.
// Chapter: 07 (exercise cross_attention)
AttentionResult cross_attention(const arma::mat& X_dec, const arma::mat& H_enc, const arma::mat& W_q,
                                const arma::mat& W_k, const arma::mat& W_v);

}  // namespace attn
