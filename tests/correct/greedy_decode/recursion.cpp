// Right, written another way (suite only): one step per call of a recursive helper.
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

namespace {
void decode_from(const NextTokenScores& next_scores, std::vector<arma::uword>& prefix, arma::uword end, std::size_t left) {
    if (left == 0) return;
    const arma::rowvec s = next_scores(prefix);
    if (s.n_elem == 0) throw InputError("greedy_decode: next_scores returned no scores");
    arma::uword best = 0;
    for (arma::uword j = 1; j < s.n_elem; ++j)
        if (s(j) > s(best)) best = j;
    if (best == end) return;
    prefix.push_back(best);
    decode_from(next_scores, prefix, end, left - 1);
}
}  // namespace

std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> prefix{begin};
    decode_from(next_scores, prefix, end, max_len);
    return std::vector<arma::uword>(prefix.begin() + 1, prefix.end());
}

}  // namespace attn
