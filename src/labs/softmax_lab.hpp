// softmax_lab.hpp: chapter 03's experiments around the learner's softmax.
//
// Rows are queries, columns are keys (see contracts/03_softmax.hpp).
#pragma once

#include <armadillo>
#include <vector>

#include "core/plot.hpp"

namespace attn::softmax_lab {

// The textbook formula exp(s) / sum(exp(s)) WITHOUT subtracting the maximum.
// Not an exercise and not for use: it exists to show where it breaks.
// In double, exp overflows to inf just above 709.78; in float, above 88.72.
arma::rowvec naive_softmax(const arma::rowvec& s);
arma::frowvec naive_softmax(const arma::frowvec& s);

// The first whole number x >= 1 for which naive_softmax([x-2, x-1, x]) returns
// an inf or a NaN. 710 in double, 89 in float.
int naive_breaking_score_double();
int naive_breaking_score_float();

// The full L_K x L_K Jacobian of softmax at a row of weights a, assembled
// column by column from softmax_jvp (so it runs on the learner's code under --mine).
arma::mat softmax_jacobian(const arma::rowvec& a);

// How big softmax's gradient is at one row: the Frobenius norm of its Jacobian.
// Near-uniform weights give the largest value; a one-hot row gives 0.
double jacobian_size(const arma::rowvec& a);

// One point of the saturation curve: the scores stretched by `stretch`.
struct SaturationPoint {
    double stretch = 0;
    double largest_weight = 0;  // max of softmax(stretch * s)
    double gradient_size = 0;   // jacobian_size there
};

// 41 stretch factors, evenly spaced on a log scale from 0.1 to 32 (both included).
std::vector<double> default_stretches();

std::vector<SaturationPoint> saturation_curve(const arma::rowvec& s, const std::vector<double>& stretches);

// Figures (data first; see plot.hpp).
// Bars: softmax(s) next to softmax(factor * s).
plot::Figure saturation_bars(const arma::rowvec& s, double factor);
// Lines against the stretch factor (log x axis): largest weight and gradient size.
plot::Figure saturation_curve_figure(const std::vector<SaturationPoint>& points);

}  // namespace attn::softmax_lab
