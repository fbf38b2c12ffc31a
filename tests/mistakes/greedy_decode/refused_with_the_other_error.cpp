// Wrong on purpose (suite only): an empty row of scores is refused with std::runtime_error, not attn::InputError.
#include <stdexcept>

#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> prefix{begin};
    while (prefix.size() - 1 < max_len) {
        const arma::rowvec s = next_scores(prefix);
        if (s.n_elem == 0) throw std::runtime_error("greedy_decode: no scores");  // the mistake: not attn::InputError
        const arma::uword best = s.index_max();
        if (best == end) break;
        prefix.push_back(best);
    }
    return {prefix.begin() + 1, prefix.end()};
}

}  // namespace attn
