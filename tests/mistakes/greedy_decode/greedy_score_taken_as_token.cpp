// Wrong on purpose (suite only): the largest score's value is used as the next token.
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> prefix{begin};
    for (std::size_t step = 0; step < max_len; ++step) {
        const arma::rowvec s = next_scores(prefix);
        if (s.is_empty()) throw InputError("greedy_decode: next_scores returned an empty row");
        const arma::uword next = s.max();  // the mistake: the value, not where it is
        if (next == end) break;
        prefix.push_back(next);
    }
    return std::vector<arma::uword>(prefix.begin() + 1, prefix.end());
}

}  // namespace attn
