// Wrong on purpose (suite only): the length is checked with == after each token, which max_len 0 never meets.
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> out;
    std::vector<arma::uword> prefix{begin};
    for (;;) {
        const arma::rowvec s = next_scores(prefix);
        if (s.n_elem == 0) throw InputError("greedy_decode: next_scores returned no scores");
        const arma::uword best = s.index_max();
        if (best == end) break;
        out.push_back(best);
        prefix.push_back(best);
        if (out.size() == max_len) break;  // the mistake: with max_len 0 this is never true
    }
    return out;
}

}  // namespace attn
