// 06_shape_rules.hpp: the exercise contracts of chapter 06 (chapters/06_shape_rules):
// scaled dot-product attention as one function, which shapes it forces and which
// it leaves free.
//
// Rows are tokens, columns are features.
// Dimension legend:
//   L_Q = query positions (rows of Q)      d_k = width of one query and one key
//   L_K = key positions (rows of K and V)  d_v = width of one value (and of one output row)
// Shapes through one call:
//   Q L_Q x d_k,  K L_K x d_k,  V L_K x d_v  ->  scores and weights L_Q x L_K  ->  output L_Q x d_v
#pragma once

#include <armadillo>
#include <string>
#include <utility>

#include "core/shape.hpp"

namespace attn {

// The two rules the shapes must obey, worded once so that every function (and
// the learner's check_attention_shapes) says them the same way.
//   width:  Q K^T only exists when a query is as wide as a key.
//   length: weight j is spent on value j, so there is one value per key.
inline constexpr const char* kRuleSameWidth = "Q and K must have the same width (d_q = d_k)";
inline constexpr const char* kRuleSameLength = "K and V must have the same length (L_K = L_V)";
inline constexpr const char* kRuleMaskShape = "the mask must have one entry per query and key (L_Q x L_K)";

// What one attention call computes: the weights and what they buy.
// The weights are kept because a backward pass needs them (chapter 12) and a
// figure shows them; the output is what the next layer reads.
struct AttentionResult {
    arma::mat weights;  // A = softmax(Q K^T / sqrt(d_k) + mask), L_Q x L_K, each row sums to 1 (or is all 0)
    arma::mat output;   // Z = A V, L_Q x d_v
};

// THE attention primitive: softmax(Q K^T / sqrt(d_k) + mask) V, with the
// softmax taken along each row. Every other attention function of the course
// is a wiring of this one.
// The mask is optional and additive: leave it out (or pass a 0x0 matrix) for
// none. Any other mask must be L_Q x L_K: a 2x0 or 0x4 mask is no "no mask"
// (Armadillo's is_empty() is true for it all the same) and is refused unless
// it is that shape. An entry of -infinity forbids that query from looking at
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

// The shapes one attention call produces.
struct AttentionShapes {
    Shape scores;   // Q K^T / sqrt(d_k)
    Shape weights;  // softmax of the scores, row by row
    Shape output;   // weights times V
};

// Predict the shapes from the four sizes alone, without building a matrix.
// Returns: scores and weights L_Q x L_K, output L_Q x d_v.
// Chapter: 06 (exercise attention_shapes)
AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v);

// The two forced rules, checked in this order:
//   1. Q and K have the same width (d_q = d_k)     -> kRuleSameWidth, naming Q and K
//   2. K and V have the same length (L_K = L_V)    -> kRuleSameLength, naming K and V
// and nothing else: L_Q != L_K and d_v != d_k pass.
// Throws:  ShapeError "<function>: <rule>; got Q 7x64 and K 12x32".
// Chapter: 06 (exercise check_attention_shapes)
void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V);

// Which rule, if any, a set of shapes breaks (the first one, in the order above).
enum class ShapeRule {
    none,             // attention can run on these shapes
    same_width_q_k,   // d_q != d_k
    same_length_k_v,  // L_K != L_V
};

// The chapter's questions (exercise shape_questions).
// Chapter: 06
ShapeRule rule_broken_by(Shape Q, Shape K, Shape V);
// Must a query sequence be as long as the key sequence?
bool query_and_key_lengths_must_match();
// Must a key be as wide as a value?
bool key_and_value_widths_must_match();
// Written the wrong way round, the scores are L_K x L_Q. Multiplying them by
// V (L_K x d_v) needs the two inner dimensions to agree. Which two numbers are
// they? Return {columns of the wrong scores, rows of V}.
std::pair<arma::uword, arma::uword> inner_dimensions_with_transposed_scores(arma::uword L_Q, arma::uword L_K,
                                                                             arma::uword d_v);

}  // namespace attn
