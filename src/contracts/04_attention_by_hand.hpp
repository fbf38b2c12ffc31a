// 04_attention_by_hand.hpp: the exercise contracts of chapter 04, attention worked one step at a time.
//
// Rows are tokens, columns are features.
// Dimension legend:
//   L_Q = query positions (rows of Q),  L_K = key positions (rows of K and of V)
//   d_k = width of one query and one key,  d_v = width of one value
//
// The five steps, each a function so each intermediate can be printed:
//   Q, K, V            (chapter 02: project_qkv)
//   S  = Q K^T         scores            L_Q x L_K
//   S' = S / sqrt(d_k) scale_scores      L_Q x L_K
//   A  = softmax(S')   attention_weights L_Q x L_K, each row sums to 1
//   Z  = A V           attend            L_Q x d_v, what the layer hands on
#pragma once

#include <armadillo>

namespace attn {

// Every query against every key: entry (i, j) is q_i . k_j.
// Shapes:  Q L_Q x d_k, K L_K x d_k -> L_Q x L_K.
// Returns: Q K^T (not K Q^T: row i belongs to query i).
// Throws:  ShapeError when Q and K have different widths
//          ("scores: Q and K must have the same width (d_q = d_k); got Q 3x4 and K 3x5").
// Chapter: 04 (exercise scores)
arma::mat scores(const arma::mat& Q, const arma::mat& K);

// Divides every score by sqrt(d_k), the width of one key.
// Shapes:  S L_Q x L_K -> L_Q x L_K.
// Returns: S / sqrt(d_k). The order within each row is unchanged; only the spread shrinks.
// Throws:  InputError when d_k is 0.
// Chapter: 04 (exercise scale_scores)
arma::mat scale_scores(const arma::mat& S, arma::uword d_k);

// The attention weights: softmax along each row of the scaled scores.
// Shapes:  Q L_Q x d_k, K L_K x d_k -> L_Q x L_K.
// Returns: softmax_rows(Q K^T / sqrt(d_k)), with d_k = K.n_cols. Row i is how
//          query i shares its attention among the keys; it sums to 1.
// Throws:  ShapeError when Q and K have different widths.
// Chapter: 04 (exercise attention_weights)
arma::mat attention_weights(const arma::mat& Q, const arma::mat& K);

// Spends the weights on the values: row i of the result is sum_j A(i, j) v_j.
// Shapes:  A L_Q x L_K, V L_K x d_v -> L_Q x d_v.
// Returns: A V.
// Throws:  ShapeError when A does not have one column per row of V
//          ("attend: A needs one column per row of V (L_K = L_V); got A 3x3 and V 2x4").
// Chapter: 04 (exercise attend)
arma::mat attend(const arma::mat& A, const arma::mat& V);

// Try it: one output row by hand, as an explicit weighted sum of V's rows,
//   weights(0) v_0 + weights(1) v_1 + ...   (a loop, no matrix product).
// Shapes:  weights 1 x L_K, V L_K x d_v -> 1 x d_v.
// Throws:  ShapeError when there is not one weight per row of V.
// Chapter: 04 (exercise row_one_by_hand)
arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V);

// Try it: the output row of the last token (LLMs in the worked example) and
// the check that a weighted average stays inside what it averages.
// llms_output_row:   row L_Q-1 of A V.  Shapes: A L_Q x L_K, V L_K x d_v -> 1 x d_v.
//                    Throws ShapeError like attend, and when A has no rows (L_Q = 0:
//                    there is no last token).
// inside_value_range: true when, for every column c, z(c) lies between the
//                    smallest and the largest entry of column c of V (inclusive,
//                    allowing 1e-12 for rounding: weights that sum to 1 only
//                    up to rounding can overshoot an extreme by a hair).
//                    Throws ShapeError when z and V differ in width.
// Chapter: 04 (exercise llms_row)
arma::rowvec llms_output_row(const arma::mat& A, const arma::mat& V);
bool inside_value_range(const arma::rowvec& z, const arma::mat& V);

// Questions (exercise attention_questions), answered as numbers and choices.
// score_divisor: a model d_model wide whose keys are d_k wide; what are its
//                scores divided by? (In the worked example both widths are 4.)
// what_the_layer_hands_on: which matrix the next layer receives.
// weights_must_be_symmetric: must A(i, j) == A(j, i) hold in every layer?
// weight_llms_pays_to_love:  A(LLMs, love) in the worked example.
// share_love_keeps_of_itself: A(love, love), the share of z_love that is v_love.
// Chapter: 04
enum class LayerOutput {
    scores,           // Q K^T / sqrt(d_k), L_Q x L_K
    weights,          // A, the softmax of the scores, L_Q x L_K
    weighted_values,  // Z = A V, L_Q x d_v
};
double score_divisor(arma::uword d_model, arma::uword d_k);
LayerOutput what_the_layer_hands_on();
bool weights_must_be_symmetric();
double weight_llms_pays_to_love();
double share_love_keeps_of_itself();

}  // namespace attn
