// scaling_lab.hpp: chapter 05's experiments around the learner's functions.
//
// Rows are tokens, columns are features. d_k = width of a query and a key.
#pragma once

#include <armadillo>
#include <cstdint>
#include <vector>

#include "core/plot.hpp"

namespace attn::scaling_lab {

// Independent random entries with mean 0 and variance sigma^2, fast: uniform on
// [-sigma sqrt(3), sigma sqrt(3)] from a xoshiro256+ generator. The variance
// argument needs only "independent, mean 0, variance 1", not a bell curve, and
// a uniform number costs a few nanoseconds where arma::randn costs ~80.
class Entries {
public:
    explicit Entries(std::uint64_t seed, double sigma = 1.0);
    void fill(arma::mat& M);  // every entry of M, in memory order
    double next();

private:
    std::uint64_t s_[4];
    double half_width_;
};

// d_k = 1, 2, 4, ..., 1024.
std::vector<arma::uword> default_dims();

// One row of the variance experiment.
struct VariancePoint {
    arma::uword d_k = 0;
    arma::uword pairs = 0;
    double raw = 0;        // sample variance of q . k
    double scaled = 0;     // sample variance of q . k * scale_factor(d_k)
    double raw_se = 0;     // standard error of `raw`, from the sample's own 4th moment
    double scaled_se = 0;  // the same for `scaled` (= raw_se / d_k)
};

// Draws `pairs` (q, k) pairs of width d_k with entries of variance sigma^2 and
// measures the variance of q . k before and after the scale factor. Uses the
// learner's paired_dot_products, sample_variance and scale_factor. Memory stays
// bounded: the pairs are drawn in blocks of about two million entries.
VariancePoint measure_variance(arma::uword d_k, arma::uword pairs, std::uint64_t seed, double sigma = 1.0);

// Softmax over a row of keys, averaged over many queries.
struct SoftmaxPoint {
    arma::uword d_k = 0;
    double max_raw = 0, max_scaled = 0;          // mean largest weight
    double entropy_raw = 0, entropy_scaled = 0;  // mean entropy, in nats (ln 16 = 2.77 is uniform over 16)
    double grad_raw = 0, grad_scaled = 0;        // mean Frobenius norm of the softmax Jacobian
};

// For each query, `keys` random keys of width d_k; scores q . k without and
// with the scale factor, then softmax_rows.
SoftmaxPoint softmax_over_keys(arma::uword d_k, arma::uword keys, arma::uword queries, std::uint64_t seed);

// Summaries of one row of weights p.
double entropy(const arma::rowvec& p);        // -sum p ln p (0 ln 0 = 0)
double jacobian_norm(const arma::rowvec& p);  // || diag(p) - p^T p ||_F: how much the weights can still move

// The sqrt(d_model) mistake: d_model split into `heads` heads of width d_k;
// the same scores divided by sqrt(d_k) (right) and by sqrt(d_model) (wrong).
struct DivisorMistake {
    arma::uword d_model = 0, heads = 0, d_k = 0;
    double right_divisor = 0, wrong_divisor = 0;
    double max_right = 0, max_wrong = 0;          // mean largest weight
    double entropy_right = 0, entropy_wrong = 0;  // mean entropy (nats)
    double var_right = 0, var_wrong = 0;          // variance of the divided scores
    arma::rowvec example_right, example_wrong;    // the weights of the first query
};
DivisorMistake divisor_mistake(arma::uword d_model, arma::uword heads, arma::uword keys, arma::uword queries,
                               std::uint64_t seed);

// Figures (data first; see plot.hpp).
plot::Figure variance_figure(const std::vector<VariancePoint>& points);
plot::Figure largest_weight_figure(const std::vector<SoftmaxPoint>& points, arma::uword keys);

}  // namespace attn::scaling_lab
