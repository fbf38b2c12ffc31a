// Wrong on purpose (suite only): a prefix counts as full only past max_len tokens.
#include <algorithm>
#include <cmath>
#include <tuple>

#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> beam_search(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                     std::size_t max_len, std::size_t beam) {
    if (beam == 0) throw InputError("beam_search: beam must be at least 1");
    if (max_len == 0) return {};
    using Prefix = std::vector<arma::uword>;
    std::vector<std::pair<Prefix, double>> live{{Prefix{begin}, 0.0}};  // prefix, sum of log-probabilities
    Prefix best;
    double best_score = -INFINITY;
    while (!live.empty()) {
        std::vector<std::tuple<double, arma::uword, std::size_t>> ranked;  // score, token, which prefix
        for (std::size_t p = 0; p < live.size(); ++p) {
            const arma::rowvec s = next_scores(live[p].first);
            if (s.n_elem == 0) throw InputError("beam_search: next_scores returned no scores");
            const double lse = s.max() + std::log(arma::accu(arma::exp(s - s.max())));
            for (arma::uword j = 0; j < s.n_elem; ++j) ranked.emplace_back(live[p].second + s(j) - lse, j, p);
        }
        std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
            if (std::get<0>(a) != std::get<0>(b)) return std::get<0>(a) > std::get<0>(b);
            return std::make_pair(std::get<1>(a), std::get<2>(a)) < std::make_pair(std::get<1>(b), std::get<2>(b));
        });
        std::vector<std::pair<Prefix, double>> next;
        for (std::size_t i = 0; i < std::min(beam, ranked.size()); ++i) {
            const auto& [score, token, p] = ranked[i];
            Prefix grown = live[p].first;
            if (token != end) grown.push_back(token);
            const bool finished = token == end || grown.size() - 1 > max_len;  // the mistake: > lets max_len + 1 tokens through
            if (finished && score > best_score) best = grown, best_score = score;
            if (!finished) next.emplace_back(grown, score);
        }
        live.clear();
        for (auto& h : next)
            if (h.second > best_score) live.push_back(h);
    }
    return Prefix(best.begin() + 1, best.end());
}

}  // namespace attn
