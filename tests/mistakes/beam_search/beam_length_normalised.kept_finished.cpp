// Wrong on purpose (suite only): the mistake beam_length_normalised in beam_search: every
// finished prefix kept in a list, the answer the one of best mean log-probability per
// token produced (end not counted), searched until no prefix is left.
#include <algorithm>
#include <cmath>

#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> beam_search(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                     std::size_t max_len, std::size_t beam) {
    if (beam == 0) throw InputError("beam_search: beam must be at least 1");
    if (max_len == 0) return {};
    using Tokens = std::vector<arma::uword>;
    std::vector<std::pair<Tokens, double>> live{{{begin}, 0.0}}, finished;
    while (!live.empty()) {
        struct Ext {
            double score;
            arma::uword token;
            std::size_t parent;
        };
        std::vector<Ext> all;
        for (std::size_t p = 0; p < live.size(); ++p) {
            const arma::rowvec s = next_scores(live[p].first);
            if (s.n_elem == 0) throw InputError("beam_search: next_scores returned no scores");
            const arma::rowvec logp = s - (s.max() + std::log(arma::accu(arma::exp(s - s.max()))));
            for (arma::uword j = 0; j < logp.n_elem; ++j) all.push_back({live[p].second + logp(j), j, p});
        }
        std::sort(all.begin(), all.end(), [](const Ext& a, const Ext& b) {
            if (a.score != b.score) return a.score > b.score;
            return a.token != b.token ? a.token < b.token : a.parent < b.parent;
        });
        std::vector<std::pair<Tokens, double>> next;
        for (std::size_t i = 0; i < std::min(beam, all.size()); ++i) {
            Tokens t = live[all[i].parent].first;
            if (all[i].token == end) {
                finished.push_back({t, all[i].score});
                continue;
            }
            t.push_back(all[i].token);
            if (t.size() - 1 >= max_len)
                finished.push_back({t, all[i].score});
            else
                next.push_back({t, all[i].score});
        }
        live = next;
    }
    // the best answer: the highest log-probability per token
    std::size_t best = 0;
    double best_mean = -INFINITY;
    for (std::size_t i = 0; i < finished.size(); ++i) {
        const double n = static_cast<double>(std::max<std::size_t>(finished[i].first.size() - 1, 1));
        const double mean = finished[i].second / n;  // the mistake: divided by the length
        if (mean > best_mean) best_mean = mean, best = i;
    }
    if (finished.empty()) return {};
    return {finished[best].first.begin() + 1, finished[best].first.end()};
}

}  // namespace attn
