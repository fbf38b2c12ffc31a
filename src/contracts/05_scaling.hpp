// 05_scaling.hpp: the exercise contracts of chapter 05, why the scores are divided by sqrt(d_k).
//
// Rows are tokens, columns are features. Here a row of Q is one query q and
// the matching row of K one key k, both d_k wide; the experiment draws many
// such pairs and looks at the spread of q . k.
#pragma once

#include <armadillo>

namespace attn {

// q_i . k_i for every row i: the dot product of each query with ITS OWN key
// (row i with row i, not every query with every key).
// Shapes:  Q n x d_k, K n x d_k -> n (a column vector, entry i for pair i).
// Throws:  ShapeError when Q and K differ in shape.
// Chapter: 05 (exercise variance_experiment)
arma::vec paired_dot_products(const arma::mat& Q, const arma::mat& K);

// The sample variance of x, with the n - 1 divisor:
//   mean m = sum(x) / n,   variance = sum((x_i - m)^2) / (n - 1).
// In two passes, the mean first and then the squares of the deviations from it: the
// result must stay exact for values near 1e9 a few units apart (1e9 + 1, ..., 1e9 + 4
// gives 5/3), where the one-pass formula (sum x_i^2 - n m^2) / (n - 1) loses every
// digit (the squares near 1e18 hold no units at all).
// Throws:  InputError when x has fewer than 2 entries.
// Chapter: 05 (exercise variance_experiment)
double sample_variance(const arma::vec& x);

// The number every score is multiplied by: 1 / sqrt(d_k).
// Throws:  InputError when d_k is 0.
// Chapter: 05 (exercise scale_factor)
double scale_factor(arma::uword d_k);

// The chapter's questions (exercise scaling_questions).
// Chapter: 05
enum class ScalingBasis {
    measured_best_divisor,         // several divisors were tried and sqrt(d_k) won
    argument_under_an_assumption,  // a variance calculation that holds when its assumption does
};
// Where does the sqrt(d_k) come from?
ScalingBasis why_divide_by_sqrt_dk();
// Entries of q and k independent, mean 0, variance sigma2: the variance of q . k.
double score_variance(arma::uword d_k, double sigma2);
// ...and the number to divide q . k by so that its variance is 1 again.
double divisor_for_unit_variance(arma::uword d_k, double sigma2);
// Entries of variance 1: the typical size (standard deviation) of a raw score.
double typical_score_size(arma::uword d_k);
// A model of width d_model split into `heads` heads of d_k = d_model / heads:
// dividing by sqrt(d_model) instead of sqrt(d_k) makes every score smaller by
// what factor?
double sqrt_d_model_shrink_factor(arma::uword d_model, arma::uword heads);

}  // namespace attn
