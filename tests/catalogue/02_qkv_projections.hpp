// 02_qkv_projections.hpp: the mistakes first met in chapter 02 (qkv_projections), each declared once
// (tests/support/catalogue.hpp says how).
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

ATTN_MISTAKE(projection_w_times_x, "project multi_head_attention project_qkv",
             "the product was W X; tokens are the rows of X, so each row x_i is multiplied by W "
             "on its right, which is X * W (W * X fits only by accident, when W is as wide as X "
             "is tall; otherwise Armadillo refuses it) (chapter 02)");
ATTN_MISTAKE(projection_transposed_weights, "project project_qkv self_attention cross_attention",
             "W was transposed (X W^T, or W(j, k) where a loop needs W(k, j)); use W as it is "
             "stored, d_model rows in and d_out columns out, so the projection is X * W (chapter "
             "02)");
ATTN_MISTAKE(qkv_weights_mixed_up, "project_qkv",
             "a role holds another role's projection: a call given another role's weight matrix, "
             "or the right products stored in each other's places (p.K = v, or the wrong order "
             "in Projections{q, v, k}, which fills Q, K, V in that order); Q, K and V each have "
             "their own: p.Q = X W_q, p.K = X W_k and p.V = X W_v (chapter 02)");
ATTN_MISTAKE(projection_of_a_projection, "project_qkv",
             "a role was projected from another role instead of from X (K = project(Q, W_k), or V "
             "made from K or Q): each weight matrix takes the sentence itself, d_model wide, so Q "
             "= project(X, W_q), K = project(X, W_k) and V = project(X, W_v), three products of "
             "the same X (chapter 02)");
ATTN_MISTAKE(projection_left_out, "project_qkv",
             "a role was given X itself, without its projection (V = X, or K = X): Q, K and V are "
             "each X times a weight matrix of their own, so V = project(X, W_v), which is also "
             "what gives V its width d_v (chapter 02)");
ATTN_MISTAKE(qkv_role_never_assigned, "project_qkv",
             "a role of the result was never assigned and stayed empty (0x0): its projection was "
             "stored in another role's field (a copied line kept p.Q = project(X, W_v) where p.V "
             "belongs, so that role holds the wrong product or is overwritten later), or left "
             "out; assign each field once, p.Q = project(X, W_q), p.K = project(X, W_k), p.V = "
             "project(X, W_v) (chapter 02)");
ATTN_MISTAKE(no_tokens_lose_width, "project project_qkv",
             "X of no tokens (0 rows) gave a 0x0 matrix: no tokens in, no rows out, but X W keeps "
             "the width of W, 0 x d_out; an early return of arma::mat() loses it (and skips the "
             "shape check): X * W is already 0 x d_out, and the check comes first, also when there "
             "is nothing to compute (chapter 02)");
ATTN_MISTAKE(projection_output_transposed, "project project_qkv",
             "the projection came out transposed, d_out x L (W^T X^T, column-vector thinking); "
             "tokens are rows, so it is X * W, L x d_out, one row per token (chapter 02)");
ATTN_MISTAKE(projection_elementwise, "project",
             "X % W multiplies entry by entry (and fits only when X and W have the same shape); a "
             "projection is the matrix product X * W, each row of X times the whole of W (chapter "
             "02)");
ATTN_MISTAKE(thinks_projection_keeps_x_shape, "shape_question",
             "X W was given the shape of X: the rows come from X (one per token) but the columns "
             "come from W; the shared d_model disappears in the product, so X W is x.rows x "
             "w.cols (chapter 02)");
ATTN_MISTAKE(thinks_projection_has_w_shape, "shape_question",
             "X W was given the shape of W: a product keeps the rows of its left factor, one per "
             "token of X, and the columns of its right one, so X W is x.rows x w.cols (chapter "
             "02)");
ATTN_MISTAKE(thinks_projection_is_transposed, "shape_question",
             "X W was given as w.cols x x.rows, one column per token (column-vector thinking); "
             "tokens are rows, so X W is x.rows x w.cols: 3x4 in the worked example (chapter 02)");
ATTN_MISTAKE(thinks_projection_keeps_the_shared_size, "shape_question",
             "X W was given the shared size on both sides, d_model x d_model (W's rows and X's "
             "columns, the two sizes that meet in the product): those are used up by the sum "
             "over d_model; the rows come from X's rows and the columns from W's columns, so X W "
             "is x.rows x w.cols (chapter 02)");
ATTN_MISTAKE(thinks_projection_separates_equal_rows, "identical_rows_question",
             "two identical rows of X give identical rows of Q, K and V: row i of X W is x_i W, "
             "and two equal rows times the same W are equal (chapter 02)");
ATTN_MISTAKE(thinks_projection_knows_positions, "identical_rows_question",
             "a projection does not know where a row sits: x_i W uses the numbers in row i, never "
             "the index i, so position has to be put into X beforehand (chapter 02)");
ATTN_MISTAKE(thinks_reordering_changes_outputs, "identical_rows_question",
             "reordering the words does not change any word's output: Q, K and V are reordered "
             "with X, the scores and weights follow, and each word gets the same output row as "
             "before, only at its new place (chapter 02, step 4)");
ATTN_MISTAKE(thinks_self_attention_reads_three_inputs, "qkv_inputs_question",
             "a self-attention layer reads one input, the sentence X, and projects it three "
             "times: Q = X W_q, K = X W_k, V = X W_v; queries from one sequence and keys and "
             "values from another is cross-attention (chapter 02, 'The idea'; chapter 07)");
ATTN_MISTAKE(thinks_q_and_k_come_from_different_inputs, "qkv_inputs_question",
             "Q and K are not made from different inputs: both are the same X times a weight "
             "matrix, X W_q and X W_k (chapter 02, 'The idea')");
ATTN_MISTAKE(thinks_q_and_k_are_different_operations, "qkv_inputs_question",
             "Q and K come from the same operation, a product X W; what differs is only the "
             "learned numbers inside W_q and W_k (chapter 02, 'The idea')");
ATTN_MISTAKE(thinks_equal_weights_still_differ, "qkv_inputs_question",
             "with W_q equal to W_k, X W_q and X W_k are the same product of the same matrices, so "
             "Q and K are equal: nothing else tells them apart (chapter 02, 'The idea')");

}  // namespace attn_test::mistakes
