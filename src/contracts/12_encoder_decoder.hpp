// 12_encoder_decoder.hpp: the exercise contracts of chapter 12
// (chapters/12_encoder_decoder): feeding the decoder while it learns, and
// reading a translation out of it once it has. The model around them (layers,
// training, checkpoints) is in src/model/model.hpp; it is built from the
// functions of chapters 02 to 12, so `./course run 12 --mine` trains on the
// learner's own code.
#pragma once

#include <armadillo>
#include <cstddef>
#include <functional>
#include <vector>

namespace attn {

// What a decoder reads and what it must predict, for one target sentence.
struct TeacherForcing {
    std::vector<arma::uword> decoder_input;  // begin, y_1 .. y_n   (n + 1 tokens)
    std::vector<arma::uword> expected;       // y_1 .. y_n, end     (n + 1 tokens)
};
// Teacher forcing: during training the decoder reads the true target shifted
// right by one, so that position i, which may look at positions 0..i only
// (the causal mask), is asked for the token at i + 1. The last position is
// asked for the end token.
// Returns: decoder_input {begin, y...} and expected {y..., end}; for an empty
//          target, {begin} and {end}. The target is copied as it is: begin is put
//          before it and end after it even when it already starts with begin's id
//          or ends with end's.
// Chapter: 12 (exercise teacher_forcing)
TeacherForcing teacher_forcing(const std::vector<arma::uword>& target, arma::uword begin, arma::uword end);

// Scores for the next token, given the tokens produced so far (the first one is
// always the begin token). One entry per vocabulary word; any real numbers (the
// model's logits): the probabilities are softmax of them.
using NextTokenScores = std::function<arma::rowvec(const std::vector<arma::uword>& prefix)>;

// Greedy decoding: start from {begin}; repeatedly ask next_scores for the scores
// of the next token and append the highest-scoring one (ties: the smaller token
// id, as arma::index_max gives); stop when that token is `end`, or when max_len
// tokens have been produced.
// Returns: the produced tokens, without the begin token and without the end token.
// Throws:  InputError when next_scores returns an empty row.
// Chapter: 12 (exercise greedy_decode)
std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len);

// Beam search: like greedy_decode, but `beam` prefixes stay alive at once.
// A prefix's score is the sum of the log-probabilities of its tokens, each
// log softmax(next_scores(prefix before it))[token]. Each round extends every
// live prefix by every token and keeps the `beam` best extensions (ties: the
// smaller token id, then the earlier prefix). An extension by `end` is
// finished and leaves the beam; so is a prefix that reaches max_len tokens.
// The search stops when no live prefix scores better than the best finished
// one (a longer prefix can only score lower), or when none is left.
// With beam = 1 this is exactly greedy_decode.
// Returns: the best finished prefix's tokens, without begin and end. Of finished
//          prefixes that score the same, the one finished first (within a round, the
//          one the tie rule ranks first): a later one replaces the best only by
//          scoring higher.
// Throws:  InputError when beam is 0 or next_scores returns an empty row.
// Chapter: 12 (exercise beam_search)
std::vector<arma::uword> beam_search(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                     std::size_t max_len, std::size_t beam);

}  // namespace attn
