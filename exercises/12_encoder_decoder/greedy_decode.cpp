// Exercise greedy_decode (chapter 12): the decoding loop.
//
// The trained model answers one question: given the tokens so far, how much
// does each word deserve to come next? next_scores(prefix) returns those scores.
// Start from the prefix {begin}, append the best-scoring token again and again
// (when two tokens tie for the best score, the smaller token id, as index_max()
// gives), and stop when that token is `end` or when max_len tokens have been
// produced.
// Return what was produced, without the begin token and without the end token.
//
// Check your work:  ./course check greedy_decode   Stuck?  ./course hint greedy_decode
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> greedy_decode([[maybe_unused]] const NextTokenScores& next_scores,
                                       [[maybe_unused]] arma::uword begin, [[maybe_unused]] arma::uword end,
                                       [[maybe_unused]] std::size_t max_len) {
    // TODO(ch12): a loop that calls next_scores, takes index_max(), and stops at `end`.
    throw NotImplemented("greedy_decode", __FILE__);
}

}  // namespace attn
