// Right, written another way (suite only): the probabilities first (softmax_rows), the length tested after each call.
#include "contracts/03_softmax.hpp"
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> prefix{begin};
    while (true) {
        const arma::rowvec s = next_scores(prefix);
        if (s.n_elem == 0) throw InputError("greedy_decode: next_scores returned no scores");
        if (prefix.size() > max_len) break;  // max_len tokens after begin: this call was one too many, and harmless
        const arma::mat p = softmax_rows(s);  // the same order as the scores
        const arma::uword best = p.index_max();
        if (best == end) break;
        prefix.push_back(best);
    }
    prefix.erase(prefix.begin());
    return prefix;
}

}  // namespace attn
