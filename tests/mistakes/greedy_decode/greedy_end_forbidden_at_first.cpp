// Wrong on purpose (suite only): the mistake greedy_end_forbidden_at_first in greedy_decode.
#include <cmath>
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"
namespace attn {
std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> prefix{begin};
    while (prefix.size() - 1 < max_len) {
        arma::rowvec s = next_scores(prefix);
        if (s.n_elem == 0) throw InputError("greedy_decode: next_scores returned no scores");
        if (prefix.size() == 1 && end < s.n_elem) s(end) = -arma::datum::inf;  // the mistake: no empty answer
        const arma::uword best = s.index_max();
        if (best == end) break;
        prefix.push_back(best);
    }
    return {prefix.begin() + 1, prefix.end()};
}
}  // namespace attn
