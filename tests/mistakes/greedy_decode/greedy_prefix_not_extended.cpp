// Wrong on purpose (suite only): every call is shown only {begin}.
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> out;
    const std::vector<arma::uword> start{begin};
    while (out.size() < max_len) {
        const arma::rowvec s = next_scores(start);  // the mistake: the prefix never grows
        if (s.n_elem == 0) throw InputError("greedy_decode: next_scores returned no scores");
        const arma::uword best = s.index_max();
        if (best == end) break;
        out.push_back(best);
    }
    return out;
}

}  // namespace attn
