// Wrong on purpose (suite only): the mistake beam_end_extensions_outside_the_ranking in beam_search.
#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> beam_search(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                     std::size_t max_len, std::size_t beam) {
    if (beam == 0) throw InputError("beam_search: the beam must hold at least one prefix");
    if (max_len == 0) return {};
    using Prefix = std::pair<std::vector<arma::uword>, double>;  // tokens (begin first), summed log-probability
    std::vector<Prefix> live{{{begin}, 0.0}};
    Prefix best{{begin}, 0.0};
    bool found = false;
    const auto consider = [&](const Prefix& p) {
        if (!found || p.second > best.second) best = p, found = true;
    };
    while (!live.empty()) {
        std::vector<std::tuple<double, arma::uword, std::size_t>> grow;  // score, token, prefix
        for (std::size_t p = 0; p < live.size(); ++p) {
            const arma::rowvec s = next_scores(live[p].first);
            if (s.n_elem == 0) throw InputError("beam_search: next_scores returned no scores");
            const arma::rowvec logp = s - (s.max() + std::log(arma::accu(arma::exp(s - s.max()))));
            // the mistake: each prefix's end is finished straight away, before any ranking, and only the
            // other tokens compete for the beam
            consider({live[p].first, live[p].second + logp(end)});
            for (arma::uword j = 0; j < s.n_elem; ++j)
                if (j != end) grow.emplace_back(live[p].second + logp(j), j, p);
        }
        std::sort(grow.begin(), grow.end(), [](const auto& a, const auto& b) {
            if (std::get<0>(a) != std::get<0>(b)) return std::get<0>(a) > std::get<0>(b);
            if (std::get<1>(a) != std::get<1>(b)) return std::get<1>(a) < std::get<1>(b);
            return std::get<2>(a) < std::get<2>(b);
        });
        std::vector<Prefix> next;
        for (std::size_t i = 0; i < grow.size() && i < beam; ++i) {
            Prefix h = live[std::get<2>(grow[i])];
            h.first.push_back(std::get<1>(grow[i]));
            h.second = std::get<0>(grow[i]);
            if (h.first.size() - 1 >= max_len) consider(h);
            else next.push_back(h);
        }
        live.clear();
        for (const Prefix& h : next)
            if (!found || h.second > best.second) live.push_back(h);
    }
    return {best.first.begin() + 1, best.first.end()};
}

}  // namespace attn
