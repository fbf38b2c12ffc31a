// Right, written another way (suite only): a counted loop, std::max_element over the scores.
#include <algorithm>

#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> answer;
    std::vector<arma::uword> seen{begin};
    for (std::size_t step = 0; step < max_len; ++step) {
        const arma::rowvec s = next_scores(seen);
        if (s.is_empty()) throw InputError("greedy_decode: next_scores returned an empty row of scores");
        const auto top = static_cast<arma::uword>(std::max_element(s.begin(), s.end()) - s.begin());
        if (top == end) break;
        answer.push_back(top);
        seen.push_back(top);
    }
    return answer;
}

}  // namespace attn
