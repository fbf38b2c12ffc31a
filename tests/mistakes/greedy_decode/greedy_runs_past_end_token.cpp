// Wrong on purpose (suite only): the end token does not stop the loop.
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> prefix{begin};
    (void)end;  // the mistake: never compared with
    while (prefix.size() - 1 < max_len) {
        const arma::rowvec s = next_scores(prefix);
        if (s.n_elem == 0) throw InputError("greedy_decode: next_scores returned no scores");
        prefix.push_back(s.index_max());
    }
    return {prefix.begin() + 1, prefix.end()};
}

}  // namespace attn
