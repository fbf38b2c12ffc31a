// Wrong on purpose (suite only): an empty row of scores is not checked, so index_max() throws Armadillo's error.
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> prefix{begin};
    while (prefix.size() - 1 < max_len) {
        const arma::uword best = next_scores(prefix).index_max();  // the mistake: an empty row reaches Armadillo
        if (best == end) break;
        prefix.push_back(best);
    }
    return {prefix.begin() + 1, prefix.end()};
}

}  // namespace attn
