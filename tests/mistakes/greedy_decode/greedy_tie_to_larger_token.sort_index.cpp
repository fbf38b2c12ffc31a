// Wrong on purpose (suite only): the mistake greedy_tie_to_larger_token in greedy_decode.
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> prefix{begin};
    while (prefix.size() - 1 < max_len) {
        const arma::rowvec s = next_scores(prefix);
        if (s.is_empty()) throw InputError("greedy_decode: next_scores returned an empty row");
        const arma::uvec ranked = arma::sort_index(s, "descend");
        const arma::uword best = ranked(0);  // the mistake: sort_index is not stable, a tie may come out either way
        if (best == end) break;
        prefix.push_back(best);
    }
    return {prefix.begin() + 1, prefix.end()};
}

}  // namespace attn
