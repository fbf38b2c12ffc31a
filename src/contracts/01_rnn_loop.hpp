// 01_rnn_loop.hpp: the exercise contracts of chapter 01, the recurrent loop that attention replaced.
//
// Rows are tokens, columns are features.
// Dimension legend:
//   L    = sequence length (positions 0 .. L-1)
//   d_in = width of one input vector x_t
//   d_h  = width of the hidden state h_t
//
// The loop, in the tutorial's column notation:  h_t = tanh(W h_{t-1} + U x_t).
// Stored as rows (our convention) the same line reads
//   h_t = tanh(h_{t-1} W^T + x_t U^T)
// where h_t and x_t are row vectors. Both say the same thing.
#pragma once

#include <armadillo>

namespace attn {

// One step of the loop: h_t = tanh(W h_prev + U x_t).
// Shapes:  h_prev 1 x d_h, x_t 1 x d_in, W d_h x d_h, U d_h x d_in.
// Returns: h_t, 1 x d_h.
// Throws:  ShapeError when the shapes above do not fit together.
// Chapter: 01 (exercise rnn_step)
arma::rowvec rnn_step(const arma::rowvec& h_prev, const arma::rowvec& x_t, const arma::mat& W, const arma::mat& U);

// The whole loop over a sequence, starting from h_start.
// Shapes:  X L x d_in (row t is x_t), W d_h x d_h, U d_h x d_in, h_start 1 x d_h.
// Returns: H, L x d_h, whose row t is h_t (0 x d_h when L = 0: no step is run).
// Throws:  ShapeError when the shapes do not fit together.
// Chapter: 01 (exercise rnn_forward)
arma::mat rnn_forward(const arma::mat& X, const arma::mat& W, const arma::mat& U, const arma::rowvec& h_start);

// Every U x_t at once, as one matrix product: the part of the loop that does
// not depend on h and so can be spread over many cores.
// Shapes:  X L x d_in, U d_h x d_in.
// Returns: L x d_h, whose row t is (U x_t) written as a row (0 x d_h when L = 0).
// Throws:  ShapeError when X's width is not U's width.
// Chapter: 01 (exercise input_projections)
arma::mat input_projections(const arma::mat& X, const arma::mat& U);

// The chapter's questions, answered as numbers (exercise rnn_questions).
// How many of the positions of one sentence of `length` words can be worked on
// at the same moment, given as many cores as you like (0 for length 0: a sentence
// of no words has no position to work on)...
int rnn_positions_at_once(int length);        // ...by the recurrent loop?
int attention_positions_at_once(int length);  // ...by one attention pass?
// How many sequential steps does information from position i take to reach the
// result at position j (0 when i == j)...
// The loop runs forwards: h_j is made from h_{j-1} and x_j, so position i can
// reach a later position j (in j - i steps) but never an earlier one. Answer
// kNeverReaches for a pair it cannot connect. (A bidirectional RNN adds a
// second loop running backwards; that is another model.) Attention without a
// mask, as in an encoder, connects every pair in both directions.
inline constexpr int kNeverReaches = -1;
int rnn_path_length(int i, int j);        // ...in the recurrent loop?
int attention_path_length(int i, int j);  // ...in one attention layer?

// Questions about the paper's title, "Attention Is All You Need"
// (exercise title_question).
// What does the title say a sequence model can do without?
enum class TitleRemoves {
    everything_but_attention,    // embeddings, feed-forward layers, normalisation: all gone
    recurrence_and_convolution,  // the recurrent chain (and convolutions); the rest stays
    word_order,                  // the model no longer needs to know the order of the words
};
bool transformer_is_attention_only();   // Is attention the only kind of layer in a Transformer?
TitleRemoves what_the_title_removes();  // What may go, according to the title?
bool word_order_must_be_added();        // Without the loop, must word order be supplied some other way?

}  // namespace attn
