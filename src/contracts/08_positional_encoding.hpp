// 08_positional_encoding.hpp: the exercise contracts of chapter 08
// (chapters/08_positional_encoding): where a token sits, written into its row.
//
// Chapter 02 showed that attention cannot see order: shuffle the rows of X and
// the outputs are shuffled the same way, nothing more. The model gets order
// only if each row carries its position, so a position code is added to every
// embedding before the first layer.
//
// Rows are tokens, columns are features.
// Dimension legend:
//   L = tokens in the sequence   d_model = token width
#pragma once

#include <armadillo>

namespace attn {

// The sinusoidal position codes of Vaswani et al. (2017). Row p is position p;
// columns come in pairs that share one frequency:
//   PE(p, 2i)   = sin(p / 10000^(2i / d_model))
//   PE(p, 2i+1) = cos(p / 10000^(2i / d_model))
// (with an odd d_model the last column is a sine without its cosine).
// Returns: length x d_model; 0 x d_model for length 0.
// Throws:  InputError when d_model is 0.
// Chapter: 08 (exercise positional_encoding)
arma::mat positional_encoding(arma::uword length, arma::uword d_model);

// The embeddings with their positions: row p of X plus row p of PE.
// PE may be longer than X (a table made once for the longest sequence); only
// its first L rows are used.
// Shapes:  X L x d_model, PE L_max x d_model with L_max >= L -> L x d_model.
// Throws:  ShapeError "add_positions: PE must be as wide as X (d_model); got X 3x4 and PE 10x6",
//          "add_positions: PE needs a row for every position of X (L_max >= L); got X 12x4 and PE 10x4".
// Chapter: 08 (exercise add_positions)
arma::mat add_positions(const arma::mat& X, const arma::mat& PE);

// How alike position p's code is to every other position's code: entry j is
// the dot product PE.row(p) . PE.row(j). Entry p is the largest (d_model / 2
// for even d_model), and the entries fall as |p - j| grows, with ripples.
// Shapes:  PE L x d_model -> 1 x L.
// Throws:  InputError when p is not a row of PE.
// Chapter: 08 (exercise position_similarity)
arma::rowvec position_similarity(const arma::mat& PE, arma::uword p);

}  // namespace attn
