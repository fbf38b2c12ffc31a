// Wrong on purpose (suite only): the mistake greedy_argmax_skips_last_token in greedy_decode.
#include <cmath>
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"
namespace attn {
std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> prefix{begin};
    for (std::size_t step = 0; step < max_len; ++step) {
        const arma::rowvec s = next_scores(prefix);
        if (s.n_elem == 0) throw InputError("greedy_decode: next_scores returned no scores");
        arma::uword best = 0;
        for (arma::uword j = 1; j + 1 < s.n_elem; ++j)  // the mistake: j < s.n_elem
            if (s(j) > s(best)) best = j;
        if (best == end) break;
        prefix.push_back(best);
    }
    return {prefix.begin() + 1, prefix.end()};
}
}  // namespace attn
