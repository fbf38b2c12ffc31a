// 02_qkv_projections.hpp: the exercise contracts of chapter 02, where Q, K and V come from.
//
// Rows are tokens, columns are features.
// Dimension legend:
//   L       = number of tokens (rows of X)
//   d_model = width of one embedded token (columns of X)
//   d_k     = width of one query or key,  d_v = width of one value
//
// Self-attention has ONE input, X. Three learned matrices re-describe it three
// ways:  Q = X W_q (L x d_k),  K = X W_k (L x d_k),  V = X W_v (L x d_v).
// The three products are the same operation; only the weights differ.
#pragma once

#include <armadillo>

#include "core/shape.hpp"

namespace attn {

// One projection: every row of X times the same matrix W.
// Shapes:  X L x d_model, W d_model x d_out -> L x d_out.
// Returns: X W; row i depends on row i of X and on W, on nothing else.
// Throws:  ShapeError when X is not as wide as W is tall
//          ("project: X must be as wide as W is tall (d_model); got X 3x4 and W 5x4").
// Chapter: 02 (exercise project)
arma::mat project(const arma::mat& X, const arma::mat& W);

// The three views of one input.
struct Projections {
    arma::mat Q;  // L x d_k: what each token is looking for
    arma::mat K;  // L x d_k: what each token offers to be found by
    arma::mat V;  // L x d_v: what each token hands over once chosen
};

// Q, K and V of one sentence: three calls of project on the same X.
// Shapes:  X L x d_model; W_q, W_k d_model x d_k; W_v d_model x d_v.
// Returns: {X W_q, X W_k, X W_v}.
// Throws:  ShapeError (from project) when a weight matrix does not fit X.
// Chapter: 02 (exercise project_qkv)
Projections project_qkv(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v);

// Question (exercise shape_question): X has shape `x` and a weight matrix has
// shape `w`, and the product X W is defined (x.cols == w.rows).
// What is the shape of X W? (For the worked example: X 3x4, each W 4x4.)
// Chapter: 02
Shape projection_shape(Shape x, Shape w);

// Questions (exercise identical_rows_question), answered true or false.
// Rows 0 and 2 of X are made identical. After Q = X W_q, K = X W_k, V = X W_v ...
bool identical_rows_stay_identical();  // ... are rows 0 and 2 of Q (and of K, of V) identical too?
bool projection_knows_positions();     // Does a projection use where a row sits in X?
// The rows of X are put in a different order and attention runs again.
bool reordering_changes_a_words_output();  // Does any word get a different output row than before?

// Questions (exercise qkv_inputs_question): where Q, K and V come from.
// What makes Q different from K in self-attention?
enum class QkDifference {
    different_inputs,           // Q is computed from one sequence, K from another
    different_weight_matrices,  // both come from the same X, multiplied by W_q or by W_k
    different_operations,       // Q comes from one kind of computation, K from another
};
int self_attention_input_count();            // How many input matrices does one layer read?
QkDifference what_makes_q_differ_from_k();   // What separates Q from K?
bool equal_weights_give_equal_q_and_k();     // With W_q equal to W_k, are Q and K equal?

}  // namespace attn
