// Wrong on purpose (suite only): the mistake decode_shown_a_window in greedy_decode.
#include <cmath>
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"
namespace attn {
std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> prefix{begin};
    while (prefix.size() - 1 < max_len) {
        const std::size_t from = prefix.size() > 2 ? prefix.size() - 2 : 0;
        // the mistake: only the last two tokens of the prefix are shown
        const arma::rowvec s = next_scores(std::vector<arma::uword>(prefix.begin() + from, prefix.end()));
        if (s.n_elem == 0) throw InputError("greedy_decode: next_scores returned no scores");
        const arma::uword best = s.index_max();
        if (best == end) break;
        prefix.push_back(best);
    }
    return {prefix.begin() + 1, prefix.end()};
}
}  // namespace attn
