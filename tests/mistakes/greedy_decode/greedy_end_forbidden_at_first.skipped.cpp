// Wrong on purpose (suite only): the mistake greedy_end_forbidden_at_first in greedy_decode.
#include <cmath>
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"
namespace attn {
std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> out;
    std::vector<arma::uword> prefix{begin};
    while (out.size() < max_len) {
        const arma::rowvec s = next_scores(prefix);
        if (s.n_elem == 0) throw InputError("greedy_decode: next_scores returned no scores");
        arma::uword best = s.n_elem;
        for (arma::uword j = 0; j < s.n_elem; ++j) {
            if (out.empty() && j == end) continue;  // the mistake: end not a candidate before the first token
            if (best == s.n_elem || s(j) > s(best)) best = j;
        }
        if (best == end) break;
        out.push_back(best);
        prefix.push_back(best);
    }
    return out;
}
}  // namespace attn
