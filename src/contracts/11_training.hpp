// 11_training.hpp: the exercise contracts of chapter 11 (chapters/11_training):
// the loss, the backward pass of attention, a check of any gradient, and the
// optimiser with its learning-rate schedule.
//
// Rows are tokens, columns are features.
// Dimension legend:
//   T = rows (tokens)   n = vocabulary size, the columns of the logits (n_vocab in chapter 12's model)
//   L_Q = query positions   L_K = key (and value) positions
//   d_k = width of one query and one key   d_v = width of one value
// Gradients: for any matrix M, dM is the gradient of the loss with respect to
// M, with the shape of M.
#pragma once

#include <armadillo>
#include <functional>
#include <vector>

#include "contracts/06_shape_rules.hpp"

namespace attn {

// ---------------------------------------------------------------- the loss

struct CrossEntropyResult {
    double loss = 0;     // the mean over the rows of -log softmax(logits_r)[target_r]
    arma::mat dlogits;   // T x n: (softmax_rows(logits) - onehot(targets)) / T
};
// Cross-entropy of every row against its target column, by log-sum-exp:
//   -log softmax(z)[t] = log sum_j exp(z_j) - z_t = m + log sum_j exp(z_j - m) - z_t,  m = max_j z_j
// which stays finite for logits of any size (exp is taken only of z_j - m, never above 0).
// Shapes:  logits T x n, targets T entries, each < n -> loss, dlogits T x n.
// Throws:  ShapeError "cross_entropy: one target per row of the logits; got logits 3x5 and targets 4x1";
//          InputError for no rows, or a target that is not a column ("target 7 at row 2, but only 5 columns").
// Chapter: 11 (exercise cross_entropy)
CrossEntropyResult cross_entropy(const arma::mat& logits, const std::vector<arma::uword>& targets);

// ---------------------------------------------------------------- attention backward

// The backward pass of softmax_rows, for every row at once.
// With A = softmax_rows(S) and dA the gradient arriving at A, each row i gives
//   dS_i = J_i dA_i = A_i % (dA_i - (A_i . dA_i))       (chapter 03's softmax_jvp, per row)
// Masked entries (A = 0) get a gradient of exactly 0; a fully masked row (all
// zeros) gets a row of zeros.
// Shapes:  A L_Q x L_K, dA L_Q x L_K -> dS L_Q x L_K.
// Throws:  ShapeError when A and dA differ in shape.
// Chapter: 11 (exercise softmax_rows_backward)
arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA);

// Gradients of one attention call with respect to its three inputs.
struct AttentionGrads {
    arma::mat dQ;  // L_Q x d_k
    arma::mat dK;  // L_K x d_k
    arma::mat dV;  // L_K x d_v
};

// The backward pass of Z = softmax(Q K^T / sqrt(d_k) [+ mask]) V, given the
// weights A the forward pass kept and the gradient dZ arriving at the output.
// A mask needs no special care: it is a constant, and its zeros in A carry
// through softmax_rows_backward.
// Shapes:  Q L_Q x d_k, K L_K x d_k, V L_K x d_v, A L_Q x L_K, dZ L_Q x d_v.
// Throws:  ShapeError when A is not L_Q x L_K or dZ is not L_Q x d_v (and the chapter 06 rules).
// Chapter: 11 (exercise attention_backward)
AttentionGrads attention_backward(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& A,
                                  const arma::mat& dZ);

// ---------------------------------------------------------------- checking a gradient

// The gradient of `loss` at W by central differences, entry by entry:
//   G(i) = (loss(W + h e_i) - loss(W - h e_i)) / 2h
// The error is of order h^2 (a one-sided difference would be of order h).
// Shapes:  W any r x c -> r x c.
// Throws:  InputError when h is not positive and finite.
// Chapter: 11 (exercise numeric_gradient)
arma::mat numeric_gradient(const std::function<double(const arma::mat&)>& loss, const arma::mat& W, double h = 1e-5);

// ---------------------------------------------------------------- Adam and its schedule

struct AdamConstants {
    double beta1 = 0.9;     // how long the mean of the gradient remembers
    double beta2 = 0.98;    // how long the mean of its square remembers
    double epsilon = 1e-9;  // keeps the division finite where the gradient has been 0
};
// One Adam update (Kingma and Ba, 2015) of W, in place, at step t (1 for the first):
//   m = beta1 m + (1 - beta1) g,   v = beta2 v + (1 - beta2) g^2      (entry by entry)
//   W -= lr (m / (1 - beta1^t)) / (sqrt(v / (1 - beta2^t)) + epsilon)
// m and v are W's running averages: zero before the first step, updated here.
// Shapes:  W, grad, m, v all the same shape.
// Throws:  ShapeError naming the first that differs from W; InputError when t < 1.
// Chapter: 11 (exercise adam_step)
void adam_step(arma::mat& W, const arma::mat& grad, arma::mat& m, arma::mat& v, long t, double learning_rate,
               const AdamConstants& c = {});

// The learning rate at step t (1 for the first): a linear warm-up to `peak`
// over `warmup` steps, then a decay with the inverse square root of the step,
// the schedule of the 2017 paper scaled so that it peaks at `peak`:
//   lr(t) = peak * min(t / warmup, sqrt(warmup / t))
// Throws:  InputError when t < 1 or warmup < 1.
// Chapter: 11 (exercise learning_rate)
double learning_rate(long t, double peak, long warmup);

}  // namespace attn
