// attention.hpp: scaled dot-product attention as one function (chapter 06),
// and the wirings of it (chapter 07): with a mask, self- and cross-attention.
//
// Rows are tokens, columns are features.
// Dimension legend:
//   L_Q = query positions (rows of Q)      d_k = width of one query and one key
//   L_K = key positions (rows of K and V)  d_v = width of one value (and of one output row)
// Shapes through one call:
//   Q L_Q x d_k,  K L_K x d_k,  V L_K x d_v  ->  scores and weights L_Q x L_K  ->  output L_Q x d_v
#pragma once

#include <armadillo>

namespace attn {

// The two rules the shapes must obey, worded once so that every function (and
// the learner's check_attention_shapes) says them the same way.
//   width:  Q K^T only exists when a query is as wide as a key.
//   length: weight j is spent on value j, so there is one value per key.
inline constexpr const char* kRuleSameWidth = "Q and K must have the same width (d_q = d_k)";
inline constexpr const char* kRuleSameLength = "K and V must have the same length (L_K = L_V)";
inline constexpr const char* kRuleMaskShape = "the mask must have one entry per query and key (L_Q x L_K)";

// What one attention call computes: the weights and what they buy.
// The weights are kept because a backward pass needs them (chapter 08) and a
// figure shows them; the output is what the next layer reads.
struct AttentionResult {
    arma::mat weights;  // A = softmax(Q K^T / sqrt(d_k) + mask), L_Q x L_K, each row sums to 1 (or is all 0)
    arma::mat output;   // Z = A V, L_Q x d_v
};

// THE attention primitive: softmax(Q K^T / sqrt(d_k) + mask) V, with the
// softmax taken along each row. Every other attention function of the course
// is a wiring of this one.
// The mask is optional and additive: leave it out (or pass an empty matrix)
// for none; otherwise an entry of -infinity forbids that query from looking at
// that key (its weight is exactly 0), and 0 leaves the score alone. A query
// whose whole row is -infinity attends to nothing and gets zero weights and a
// zero output row.
// Shapes:  Q L_Q x d_k, K L_K x d_k, V L_K x d_v, mask L_Q x L_K (or 0x0)
//          -> weights L_Q x L_K, output L_Q x d_v.
//          L_Q may differ from L_K, and d_v from d_k: neither is a rule.
// Throws:  ShapeError "scaled_dot_product_attention: <rule>; got Q 7x64 and K 12x32"
//          when d_q != d_k, "...; got K 12x64 and V 10x64" when L_K != L_V, and
//          "...; got mask 3x3 and scores 2x4" for a mask that is not L_Q x L_K;
//          InputError when K is empty (a query needs at least one key), for NaN
//          or +infinity in the mask, and (reference solution) for NaN or
//          infinity in Q, K or V, naming the cell.
// Chapter: 06 (exercise scaled_dot_product_attention)
AttentionResult scaled_dot_product_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V,
                                             const arma::mat& mask = arma::mat());

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
