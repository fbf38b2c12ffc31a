// Wrong on purpose (suite only): the mistake greedy_tie_to_larger_token in greedy_decode.
#include <limits>

#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> prefix{begin};
    while (prefix.size() <= max_len) {
        const arma::rowvec s = next_scores(prefix);
        if (s.n_elem == 0) throw InputError("greedy_decode: no scores");
        double top = -std::numeric_limits<double>::infinity();
        arma::uword best = 0;
        for (arma::uword j = 0; j < s.n_elem; ++j) {
            if (s(j) >= top) {  // the mistake: an equal score takes over, so a tie ends at the larger id
                top = s(j);
                best = j;
            }
        }
        if (best == end) break;
        prefix.push_back(best);
    }
    prefix.erase(prefix.begin());
    return prefix;
}

}  // namespace attn
