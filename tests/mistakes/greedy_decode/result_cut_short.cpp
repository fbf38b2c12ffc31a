// Wrong on purpose (suite only): the answer capped at a context length of 512 tokens.
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> prefix{begin};
    const std::size_t cap = max_len < 512 ? max_len : 512;  // the mistake: a context length, not max_len
    while (prefix.size() - 1 < cap) {
        const arma::rowvec s = next_scores(prefix);
        if (s.n_elem == 0) throw InputError("greedy_decode: next_scores returned no scores (an empty row)");
        const arma::uword best = s.index_max();
        if (best == end) break;
        prefix.push_back(best);
    }
    return {prefix.begin() + 1, prefix.end()};
}

}  // namespace attn
