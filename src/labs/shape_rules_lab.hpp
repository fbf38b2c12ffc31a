// shape_rules_lab.hpp: chapter 06's experiments around the shape rules.
//
// Rows are tokens, columns are features (legend in contracts/06_shape_rules.hpp).
#pragma once

#include <armadillo>
#include <string>

#include "core/plot.hpp"
#include "contracts/06_shape_rules.hpp"

namespace attn::shape_rules_lab {

// The Try-it's sizes: a decoder 7 tokens into its output, reading a 12-token
// source, with d_k = d_v = 64.
struct Sizes {
    arma::uword L_Q = 7, L_K = 12, d_k = 64, d_v = 64;
};

// Random Q (L_Q x d_k), K (L_K x d_k), V (L_K x d_v) with a fixed seed.
struct Inputs {
    arma::mat Q, K, V;
};
Inputs random_inputs(const Sizes& s, int seed);

// Runs scaled_dot_product_attention on matrices of the given shapes and says
// what happened: "runs: output 7x64" or the ShapeError's message.
std::string try_attention(const Shape& Q, const Shape& K, const Shape& V);

// What Armadillo says when asked for left * right: its std::logic_error text,
// e.g. "matrix multiplication: incompatible matrix dimensions: 12x7 and 12x64",
// or "" when the product exists.
std::string product_error(const arma::mat& left, const arma::mat& right);

// "none", "Q and K must have the same width (d_q = d_k)", ...
std::string describe(ShapeRule rule);

// Rows and columns of every matrix in one attention call, as a bar chart:
// Q, K, V, the scores, the weights and the output.
plot::Figure shapes_figure(const Sizes& s);

}  // namespace attn::shape_rules_lab
