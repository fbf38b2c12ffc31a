// Wrong on purpose (suite only): (score, prefix, token) tuples sorted with std::greater, so ties go to the later prefix and the larger token.
#include <algorithm>
#include <cmath>
#include <functional>
#include <tuple>

#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> beam_search(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                     std::size_t max_len, std::size_t beam) {
    if (beam == 0) throw InputError("beam_search: beam is 0");
    if (max_len == 0) return {};
    using Prefix = std::vector<arma::uword>;
    std::vector<std::pair<double, Prefix>> live{{0.0, Prefix{begin}}};
    double best_score = -INFINITY;
    Prefix best;
    while (!live.empty()) {
        std::vector<std::tuple<double, std::size_t, arma::uword>> cands;  // score, prefix, token
        for (std::size_t p = 0; p < live.size(); ++p) {
            const arma::rowvec s = next_scores(live[p].second);
            if (s.n_elem == 0) throw InputError("beam_search: next_scores gave no scores");
            const double m = s.max();
            const arma::rowvec logp = s - (m + std::log(arma::accu(arma::exp(s - m))));
            for (arma::uword j = 0; j < logp.n_elem; ++j) cands.emplace_back(live[p].first + logp(j), p, j);
        }
        std::sort(cands.begin(), cands.end(), std::greater<>());  // the mistake: ties by the larger prefix index, then token
        std::vector<std::pair<double, Prefix>> next;
        for (std::size_t i = 0; i < beam && i < cands.size(); ++i) {
            const auto [score, p, token] = cands[i];
            Prefix grown = live[p].second;
            if (token != end) grown.push_back(token);
            if (token == end || grown.size() - 1 >= max_len) {
                if (score > best_score) best_score = score, best = grown;
            } else {
                next.emplace_back(score, grown);
            }
        }
        live.clear();
        for (auto& h : next)
            if (h.first > best_score) live.push_back(h);
    }
    return Prefix(best.begin() + 1, best.end());
}

}  // namespace attn
