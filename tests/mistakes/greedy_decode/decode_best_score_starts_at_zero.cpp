// Wrong on purpose (suite only): the running maximum of the scores starts at 0.
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> prefix{begin};
    std::vector<arma::uword> answer;
    while (answer.size() < max_len) {
        const arma::rowvec s = next_scores(prefix);
        if (s.n_elem == 0) throw InputError("greedy_decode: next_scores returned no scores");
        arma::uword best = 0;
        double best_score = 0.0;  // the mistake: every score may be negative
        for (arma::uword j = 0; j < s.n_elem; ++j)
            if (s(j) > best_score) {
                best_score = s(j);
                best = j;
            }
        if (best == end) break;
        prefix.push_back(best);
        answer.push_back(best);
    }
    return answer;
}

}  // namespace attn
