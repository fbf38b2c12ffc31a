// training_lab.hpp: chapter 11's experiments around the loss, the gradients
// and the optimiser, all built from the chapter's exercises and earlier ones.
//
// Rows are tokens, columns are features (legend in contracts/11_training.hpp):
//   T = rows   n = vocabulary size   L = sequence length
//   d_model = token width   d_k = query/key width
#pragma once

#include <armadillo>
#include <string>
#include <vector>

#include "contracts/11_training.hpp"
#include "core/plot.hpp"

namespace attn::training_lab {

// ---------------------------------------------------------------- the loss of one row

// The loss of one row worked by hand, every intermediate kept for printing.
struct RowLoss {
    double max = 0;             // m = max_j z_j
    arma::rowvec shifted_exp;   // exp(z - m): every entry in (0, 1], the largest exactly 1
    double sum = 0;             // sum_j exp(z_j - m)
    double log_sum_exp = 0;     // m + log(sum) = log sum_j exp(z_j)
    double loss = 0;            // log_sum_exp - z_t
    arma::rowvec probabilities; // exp(z - log_sum_exp), the softmax
};
RowLoss loss_by_hand(const arma::rowvec& z, arma::uword target);

// The two ways the loss is often written, which break (for showing only):
// exp of the raw logits, then -log of the probability (overflows from about 710 on) ...
double naive_loss(const arma::rowvec& z, arma::uword target);
// ... and -log of chapter 03's stable softmax (the probability of a target far
// below the best logit underflows to 0, whose log is -inf).
double log_of_softmax_loss(const arma::rowvec& z, arma::uword target);

// ---------------------------------------------------------------- differences

// How far a one-sided and a central difference of the loss of `z` with respect
// to its logit `entry` land from the gradient cross_entropy returns there.
struct DifferenceError {
    double h = 0;
    double one_sided = 0;  // |(f(z + h e) - f(z)) / h - g|
    double central = 0;    // |numeric_gradient(f, z, h)(entry) - g|
};
std::vector<DifferenceError> difference_errors(const arma::rowvec& z, arma::uword target, arma::uword entry,
                                               const std::vector<double>& steps);

// ---------------------------------------------------------------- attention_backward, checked

// attention_backward against numeric_gradient for the loss L = sum(Z % G),
// Z = scaled_dot_product_attention(Q, K, V).output, whose gradient at Z is G.
struct GradientCheck {
    AttentionGrads analytic, numeric;
    double worst_difference = 0;  // largest |analytic - numeric| over dQ, dK, dV
    double worst_relative = 0;    // largest norm(a - b) / norm(a + b) of the three
};
GradientCheck check_attention_backward(const arma::mat& Q, const arma::mat& K, const arma::mat& V,
                                       const arma::mat& G, double h = 1e-5);

// ---------------------------------------------------------------- Adam's first step

// One adam_step from W = 0 at t = 1, and what the same step would be without the
// bias correction (m / (sqrt(v) + epsilon) with m and v as they are).
struct FirstStep {
    arma::rowvec with_correction, without_correction;  // the change of each entry of W
};
FirstStep adam_first_step(const arma::rowvec& gradient, double learning_rate, const AdamConstants& c = {});

// ---------------------------------------------------------------- the schedule

// The 2017 paper's own formula: d_model^-0.5 * min(t^-0.5, t * warmup^-1.5).
double paper_learning_rate(long t, long d_model, long warmup);
// Its peak, reached at t = warmup: (d_model * warmup)^-0.5.
double paper_peak(long d_model, long warmup);

// learning_rate over steps 1 .. last, for each warm-up, with the paper's peak for d_model.
plot::Figure schedule_figure(long d_model, const std::vector<long>& warmups, long last);

// ---------------------------------------------------------------- training one attention layer

// The task: L tokens from a vocabulary of n; the answer is the same tokens in
// reverse order. One attention layer whose output IS the logits (d_v = n):
//   X = [onehot(token) | onehot(position)]   (L, n + L)
//   Q = X W_q, K = X W_k, V = X W_v          (L, d_k), (L, d_k), (L, n)
//   Z = softmax(Q K^T / sqrt(d_k)) V         (L, n), the logits
// To reverse, query i must put its weight on key L - 1 - i: only the position
// half of X can tell it where that is.
struct ReversalConfig {
    arma::uword length = 5;      // L
    arma::uword vocabulary = 6;  // n
    arma::uword d_k = 4;
    int steps = 300;
    int batch = 16;       // sequences per step
    double peak = 0.05;   // learning_rate's peak
    long warmup = 30;     // and its warm-up
    int seed = 11;
    int evaluation = 200;  // sequences (drawn apart from training) for the accuracy
};

struct ReversalRun {
    std::vector<double> loss;  // mean cross-entropy of each step's batch, before its update
    std::vector<double> rate;  // the learning rate each step used
    double accuracy_before = 0, accuracy_after = 0;  // share of positions whose best logit is the answer
    arma::mat W_q, W_k, W_v;                         // (n + L, d_k), (n + L, d_k), (n + L, n)
    std::vector<arma::uword> example;                // one evaluation sequence
    arma::mat example_weights;                       // the trained layer's weights on it (L, L)
};

// X for a sequence of tokens: one-hot token, then one-hot position. (L, n + L)
arma::mat reversal_input(const std::vector<arma::uword>& tokens, arma::uword vocabulary);

// Trains W_q, W_k and W_v from small random values with cross_entropy,
// attention_backward, adam_step and learning_rate; a fixed seed gives the same run.
ReversalRun train_reversal(const ReversalConfig& config);

// ---------------------------------------------------------------- figures

plot::Figure loss_figure(const ReversalRun& run);
plot::Figure difference_figure(const std::vector<DifferenceError>& errors);
plot::Figure reversal_weights_figure(const ReversalRun& run);

}  // namespace attn::training_lab
