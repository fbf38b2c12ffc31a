// Wrong on purpose (suite only): the mistake beam_rebuilt_in_place in beam_search.
#include <algorithm>
#include <cmath>
#include <limits>

#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> beam_search(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                     std::size_t max_len, std::size_t beam) {
    if (beam == 0) throw InputError("beam_search: the beam must hold at least one prefix");
    struct Hypothesis {
        std::vector<arma::uword> tokens;
        double score = 0;
    };
    struct Candidate {
        double score;
        std::size_t parent;
        arma::uword token;
    };
    if (max_len == 0) return {};
    std::vector<Hypothesis> live{{{begin}, 0.0}};
    Hypothesis best;
    double best_score = -std::numeric_limits<double>::infinity();
    bool found = false;
    while (!live.empty()) {
        std::vector<Candidate> candidates;
        for (std::size_t p = 0; p < live.size(); ++p) {
            const arma::rowvec s = next_scores(live[p].tokens);
            if (s.n_elem == 0) throw InputError("beam_search: next_scores returned no scores");
            const double m = s.max();
            const double lse = m + std::log(arma::accu(arma::exp(s - m)));
            for (arma::uword j = 0; j < s.n_elem; ++j) candidates.push_back({live[p].score + s(j) - lse, p, j});
        }
        std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
            if (a.score != b.score) return a.score > b.score;
            if (a.token != b.token) return a.token < b.token;
            return a.parent < b.parent;
        });
        std::size_t kept = 0;
        for (std::size_t i = 0; i < candidates.size() && i < beam; ++i) {
            const Candidate& c = candidates[i];
            Hypothesis h{live[c.parent].tokens, c.score};  // the mistake: live[c.parent] may be overwritten already
            const bool ends = c.token == end;
            if (!ends) h.tokens.push_back(c.token);
            if (ends || h.tokens.size() - 1 >= max_len) {
                if (!found || h.score > best_score) best = h, best_score = h.score, found = true;
            } else if (kept < live.size()) {
                live[kept++] = std::move(h);
            } else {
                live.push_back(std::move(h));
                ++kept;
            }
        }
        live.resize(kept);
        std::vector<Hypothesis> still;
        for (Hypothesis& h : live)
            if (!found || h.score > best_score) still.push_back(std::move(h));
        live = std::move(still);
    }
    return {best.tokens.begin() + 1, best.tokens.end()};
}

}  // namespace attn
