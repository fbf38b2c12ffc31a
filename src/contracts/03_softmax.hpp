// 03_softmax.hpp: the exercise contracts of chapter 03, softmax applied to each row
// on its own, with masking, its Jacobian-vector product, and the chapter's questions.
//
// Rows are queries, columns are keys: row i of a score matrix holds query i's
// scores against every key, and its softmax is query i's attention budget.
// Dimension legend: L_Q = queries (rows), L_K = keys (columns).
// The experiments around these (naive overflow, saturation) are in softmax_lab.hpp.
#pragma once

#include <armadillo>

namespace attn {

// Numerically stable softmax of every row: subtract the row's maximum, exponentiate,
// divide by the row's total. Entries of -infinity (masked keys) get weight exactly 0.
// A row that is entirely -infinity (a query with nothing it may look at) gets all
// zeros: it attends to nothing, instead of turning into NaN.
// Shapes:  S L_Q x L_K -> L_Q x L_K.
// Throws:  InputError for NaN or +infinity in S, and for rows with no keys
//          (L_Q x 0 with L_Q >= 1; no queries, 0 x L_K, is fine for every L_K,
//          0 included, and gives 0 x L_K).
// Chapter: 03 (exercise softmax_rows)
arma::mat softmax_rows(const arma::mat& S);

// Softmax with some keys hidden, by an additive mask, the course's one mask
// convention from here on (chapters 06-12 take the same kind): mask(i, j) is 0
// where query i may look at key j and -infinity where it may not. The mask is
// added to the scores before softmax_rows, so a hidden key's weight is exactly 0
// and the remaining weights of the row still sum to 1. A row with nothing
// allowed comes out as all zeros (softmax_rows' rule). A 0/1 pattern of allowed
// keys becomes such a mask by additive_mask (src/core/mask.hpp).
// Shapes:  S L_Q x L_K, mask L_Q x L_K (0 = seen, -inf = hidden) -> L_Q x L_K.
// Throws:  ShapeError when mask and S differ in shape
//          ("masked_softmax: the mask must have the shape of the scores; got S 3x3 and mask 3x2");
//          InputError for NaN or +infinity in the mask, and like softmax_rows.
// Chapter: 03 (exercise masked_softmax)
arma::mat masked_softmax(const arma::mat& S, const arma::mat& mask);

// How softmax passes a gradient back, for one row.
// With a = softmax(s), the Jacobian is J(i, j) = d a_i / d s_j = a_i (delta_ij - a_j).
// J is symmetric, so J v and J^T v are the same vector:
//   (J v)_i = a_i (v_i - a . v)
// and no L_K x L_K matrix needs to be built.
// Shapes:  a 1 x L_K (a row of softmax weights), v 1 x L_K -> 1 x L_K (1 x 0 when L_K = 0).
// Throws:  ShapeError when a and v differ in length.
// Chapter: 03 (exercise softmax_jvp)
arma::rowvec softmax_jvp(const arma::rowvec& a, const arma::rowvec& v);

// Questions (exercise softmax_questions), answered with a value.
bool softmax_outputs_strictly_between_0_and_1();  // for every row softmax can be given?
double softmax_weight_of_only_key();              // a row with a single score: its weight
double softmax_weight_of_masked_key();            // a key whose score is -infinity: its weight
bool softmax_changes_when_row_is_shifted();       // add 100 to every score of a row: do the weights change?
bool softmax_can_reorder_scores();                // can a bigger score ever get a smaller weight?

}  // namespace attn
