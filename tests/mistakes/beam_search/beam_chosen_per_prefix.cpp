// Wrong on purpose (suite only): each live prefix keeps its own `beam` best extensions, so the beam grows.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> beam_search(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                     std::size_t max_len, std::size_t beam) {
    if (beam == 0) throw InputError("beam_search: the beam must hold at least one prefix");
    if (max_len == 0) return {};
    struct Hypothesis {
        std::vector<arma::uword> tokens;
        double score = 0;
    };
    std::vector<Hypothesis> live{{{begin}, 0.0}};
    Hypothesis best;
    double best_score = -std::numeric_limits<double>::infinity();
    while (!live.empty()) {
        std::vector<Hypothesis> next;
        for (const Hypothesis& h : live) {
            const arma::rowvec s = next_scores(h.tokens);
            if (s.n_elem == 0) throw InputError("beam_search: next_scores returned no scores");
            const double m = s.max();
            const arma::rowvec logp = s - (m + std::log(arma::accu(arma::exp(s - m))));
            std::vector<arma::uword> order(logp.n_elem);
            std::iota(order.begin(), order.end(), 0);
            std::stable_sort(order.begin(), order.end(), [&](arma::uword a, arma::uword b) { return logp(a) > logp(b); });
            for (std::size_t k = 0; k < beam && k < order.size(); ++k) {  // the mistake: the best of this prefix only
                const arma::uword j = order[k];
                Hypothesis e{h.tokens, h.score + logp(j)};
                if (j != end) e.tokens.push_back(j);
                if (j == end || e.tokens.size() - 1 >= max_len) {
                    if (e.score > best_score) best = e, best_score = e.score;
                } else {
                    next.push_back(e);
                }
            }
        }
        live.clear();
        for (const Hypothesis& h : next)
            if (h.score > best_score) live.push_back(h);
    }
    return {best.tokens.begin() + 1, best.tokens.end()};
}

}  // namespace attn
