// decoding.hpp: beam search with length normalisation, the model's own decoding
// option beside the learner's beam_search (chapter 12).
//
// A beam search that ranks by the plain sum of log-probabilities favours short
// outputs: each token adds a negative number, so an output that ends early keeps
// more of its score even when its tokens are, one by one, less likely than those of
// a longer one. Length normalisation ranks the finished outputs by
//     score / length^alpha        (length = tokens scored, the end token included)
// instead: alpha = 0 is the plain sum, alpha = 1 the mean log-probability per token,
// values between (0.6 to 0.8 are common) a compromise.
#pragma once

#include <armadillo>
#include <cstddef>
#include <vector>

#include "contracts/12_encoder_decoder.hpp"

namespace attn::model {

// One output a beam search set aside as finished.
struct FinishedOutput {
    std::vector<arma::uword> tokens;  // without begin and end
    double log_probability = 0;       // the sum over the tokens scored, the end token's included
    std::size_t length = 0;           // tokens scored: tokens.size(), plus 1 when it ended with `end`
    // log_probability / length^alpha (alpha 0: the plain sum)
    double normalised(double alpha) const;
};

// Every output a beam search of width `beam` sets aside, in the order it set them
// aside. Each round extends every live prefix by every token and keeps the `beam`
// best extensions by their plain sum (ties: the smaller token id, then the earlier
// prefix), as beam_search's contract says; an extension by `end`, or one that reaches
// max_len tokens, is finished and leaves the beam. Unlike beam_search it does not
// stop early (a longer output can rank higher once scores are divided by length):
// it goes on until no live prefix is left, at most max_len rounds.
// Throws: InputError when beam is 0 or next_scores returns an empty row.
std::vector<FinishedOutput> beam_outputs(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                         std::size_t max_len, std::size_t beam);

// The finished output of beam_outputs that ranks first by normalised(alpha) (ties:
// the one set aside first). alpha 0 gives beam_search's answer.
// Throws: InputError when alpha is negative or not finite, or as beam_outputs.
std::vector<arma::uword> beam_search_normalised(const NextTokenScores& next_scores, arma::uword begin,
                                                arma::uword end, std::size_t max_len, std::size_t beam, double alpha);

}  // namespace attn::model
