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

// Questions (exercise positions_question), answered true or false.
// Without positions, can self-attention tell "I love LLMs" from "LLMs I love"
// (does any word get another output row than before, wherever it now sits)?
bool attention_alone_sees_word_order();
// With add_positions before attention (the codes belong to the slots 0, 1, 2),
// the words are reordered: does some word now get a different output row?
bool reordering_with_positions_changes_a_words_output();
// Is add_positions(X, PE) wider than X?
bool adding_positions_makes_x_wider();
// Does PE(p) . PE(p + k) depend on p, where the pair starts (and not only on k)?
bool similarity_depends_on_where_the_pair_starts();

}  // namespace attn
