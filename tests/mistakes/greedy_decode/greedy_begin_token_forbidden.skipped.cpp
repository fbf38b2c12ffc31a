// Wrong on purpose (suite only): the mistake greedy_begin_token_forbidden in greedy_decode.
#include <cmath>
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"
namespace attn {
std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> prefix{begin};
    while (prefix.size() - 1 < max_len) {
        const arma::rowvec s = next_scores(prefix);
        if (s.n_elem == 0) throw InputError("greedy_decode: next_scores returned no scores");
        arma::uword best = begin == 0 ? 1 : 0;
        for (arma::uword j = 0; j < s.n_elem; ++j)
            if (j != begin && s(j) > s(best)) best = j;  // the mistake: j == begin skipped
        if (best == end) break;
        prefix.push_back(best);
    }
    return {prefix.begin() + 1, prefix.end()};
}
}  // namespace attn
