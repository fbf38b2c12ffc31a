// Wrong on purpose (suite only): next_scores is shown the answer so far, without the begin token.
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    (void)begin;
    std::vector<arma::uword> answer;
    while (answer.size() < max_len) {
        const arma::rowvec s = next_scores(answer);  // the mistake: the decoder never sees begin
        if (s.n_elem == 0) throw InputError("greedy_decode: next_scores returned no scores");
        const arma::uword best = s.index_max();
        if (best == end) break;
        answer.push_back(best);
    }
    return answer;
}

}  // namespace attn
