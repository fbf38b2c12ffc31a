// Right, written another way (suite only): beam 1 is handed to greedy_decode; wider beams keep their candidates in a
// std::multimap from score to extension, read from the best down.
#include <cmath>
#include <functional>
#include <map>
#include <tuple>

#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> beam_search(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                     std::size_t max_len, std::size_t beam) {
    if (beam == 0) throw InputError("beam_search: the beam must hold at least one prefix");
    if (beam == 1) return greedy_decode(next_scores, begin, end, max_len);
    if (max_len == 0) return {};
    std::vector<std::pair<std::vector<arma::uword>, double>> live{{{begin}, 0.0}};
    std::pair<std::vector<arma::uword>, double> best{{}, -INFINITY};
    while (!live.empty()) {
        // ties: a multimap keeps equal keys in insertion order; insert token by token, prefix by prefix
        std::multimap<double, std::tuple<arma::uword, std::size_t>, std::greater<double>> ranked;
        std::vector<arma::rowvec> logp(live.size());
        for (std::size_t p = 0; p < live.size(); ++p) {
            const arma::rowvec s = next_scores(live[p].first);
            if (s.n_elem == 0) throw InputError("beam_search: next_scores returned no scores");
            logp[p] = s - (s.max() + std::log(arma::accu(arma::exp(s - s.max()))));
        }
        for (arma::uword j = 0; j < logp[0].n_elem; ++j)
            for (std::size_t p = 0; p < live.size(); ++p) ranked.emplace(live[p].second + logp[p](j), std::make_tuple(j, p));
        std::vector<std::pair<std::vector<arma::uword>, double>> next;
        std::size_t taken = 0;
        for (auto it = ranked.begin(); it != ranked.end() && taken < beam; ++it, ++taken) {
            const auto [token, p] = it->second;
            auto grown = live[p];
            grown.second = it->first;
            if (token != end) grown.first.push_back(token);
            if (token == end || grown.first.size() > max_len) {
                if (grown.second > best.second) best = grown;
            } else if (grown.second > best.second) {
                next.push_back(grown);
            }
        }
        live.clear();
        for (auto& h : next)
            if (h.second > best.second) live.push_back(h);
    }
    return {best.first.begin() + 1, best.first.end()};
}

}  // namespace attn
