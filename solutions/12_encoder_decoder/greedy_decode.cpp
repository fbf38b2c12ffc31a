// Exercise greedy_decode (chapter 12): the decoding loop.
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> prefix{begin};  // what the decoder has seen so far
    while (prefix.size() - 1 < max_len) {
        const arma::rowvec s = next_scores(prefix);  // (1, vocabulary)
        if (s.n_elem == 0) throw InputError("greedy_decode: next_scores returned no scores (an empty row)");
        const arma::uword best = s.index_max();      // the greedy choice: the highest score (a tie: the smaller id)
        if (best == end) break;                      // the end token is not part of the answer
        prefix.push_back(best);
    }
    return {prefix.begin() + 1, prefix.end()};       // drop the begin token
}

}  // namespace attn
