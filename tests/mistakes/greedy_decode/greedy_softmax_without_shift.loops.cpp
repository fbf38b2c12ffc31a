// Wrong on purpose (suite only): the mistake greedy_softmax_without_shift in greedy_decode.
#include <cmath>
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"
namespace attn {
std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> prefix{begin};
    while (prefix.size() - 1 < max_len) {
        const arma::rowvec s = next_scores(prefix);
        if (s.n_elem == 0) throw InputError("greedy_decode: next_scores returned no scores");
        std::vector<double> p(s.n_elem);
        double sum = 0.0;
        for (arma::uword j = 0; j < s.n_elem; ++j) sum += p[j] = std::exp(s(j));  // the mistake: no shift
        arma::uword best = 0;
        for (arma::uword j = 0; j < s.n_elem; ++j)
            if (p[j] / sum > p[best] / sum) best = j;
        if (best == end) break;
        prefix.push_back(best);
    }
    return {prefix.begin() + 1, prefix.end()};
}
}  // namespace attn
