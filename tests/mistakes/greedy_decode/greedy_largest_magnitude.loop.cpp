// Wrong on purpose (suite only): the mistake greedy_largest_magnitude in greedy_decode.
#include <cmath>
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"
namespace attn {
std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> out;
    std::vector<arma::uword> prefix{begin};
    for (std::size_t step = 0; step < max_len; ++step) {
        const arma::rowvec s = next_scores(prefix);
        if (s.n_elem == 0) throw InputError("greedy_decode: next_scores returned no scores");
        arma::uword best = 0;
        for (arma::uword j = 1; j < s.n_elem; ++j)
            if (std::fabs(s(j)) > std::fabs(s(best))) best = j;  // the mistake: s(j) > s(best)
        if (best == end) break;
        prefix.push_back(best);
        out.push_back(best);
    }
    return out;
}
}  // namespace attn
