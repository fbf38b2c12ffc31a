// shape_rules.hpp: chapter 06, which shapes attention forces and which it leaves free.
//
// Rows are tokens, columns are features (legend in attention.hpp):
//   Q L_Q x d_k,  K L_K x d_k,  V L_K x d_v  ->  scores L_Q x L_K  ->  output L_Q x d_v
#pragma once

#include <armadillo>
#include <string>
#include <utility>

namespace attn {

// A matrix shape without the matrix: rows x cols.
struct MatShape {
    arma::uword rows = 0;
    arma::uword cols = 0;
    bool operator==(const MatShape& o) const { return rows == o.rows && cols == o.cols; }
    bool operator!=(const MatShape& o) const { return !(*this == o); }
};

// "7x64"
std::string to_string(const MatShape& s);

// The shapes one attention call produces.
struct AttentionShapes {
    MatShape scores;   // Q K^T / sqrt(d_k)
    MatShape weights;  // softmax of the scores, row by row
    MatShape output;   // weights times V
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
ShapeRule rule_broken_by(MatShape Q, MatShape K, MatShape V);
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
