// Wrong on purpose (suite only): the mistake beam_ranked_by_prefix_before_score in beam_search.
// The heap's comparator chains its clauses with ||, the prefix's without a guard of equal scores.
#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>

#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> beam_search(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                     std::size_t max_len, std::size_t beam) {
    if (beam == 0) throw InputError("beam_search: the beam must hold at least one prefix");
    struct Hypothesis {
        std::vector<arma::uword> tokens;  // begin, then what was produced
        double score = 0;                 // sum of log-probabilities
    };
    struct Candidate {
        double score;
        std::size_t parent;  // which live prefix it extends
        arma::uword token;
    };
    if (max_len == 0) return {};  // nothing may be produced
    std::vector<Hypothesis> live{{{begin}, 0.0}};
    Hypothesis best;
    double best_score = -std::numeric_limits<double>::infinity();
    bool found = false;
    while (!live.empty()) {
        std::vector<Candidate> candidates;
        for (std::size_t p = 0; p < live.size(); ++p) {
            const arma::rowvec s = next_scores(live[p].tokens);
            if (s.n_elem == 0) throw InputError("beam_search: next_scores returned no scores");
            // log softmax by log-sum-exp: s_j - (m + log sum exp(s - m))
            const double m = s.max();
            const double lse = m + std::log(arma::accu(arma::exp(s - m)));
            for (arma::uword j = 0; j < s.n_elem; ++j) candidates.push_back({live[p].score + s(j) - lse, p, j});
        }
        // a heap whose top is the best: worse(a, b) when a ranks below b
        const auto worse = [](const Candidate& a, const Candidate& b) {
            return a.score < b.score || (a.score == b.score && a.token > b.token) || a.parent > b.parent;
        };
        std::priority_queue<Candidate, std::vector<Candidate>, decltype(worse)> heap(worse, candidates);
        candidates.clear();
        while (!heap.empty()) candidates.push_back(heap.top()), heap.pop();
        std::vector<Hypothesis> next;
        for (std::size_t i = 0; i < candidates.size() && i < beam; ++i) {
            const Candidate& c = candidates[i];
            Hypothesis h{live[c.parent].tokens, c.score};
            const bool ends = c.token == end;
            if (!ends) h.tokens.push_back(c.token);
            if (ends || h.tokens.size() - 1 >= max_len) {  // finished: leaves the beam
                if (!found || h.score > best_score) best = h, best_score = h.score, found = true;
            } else {
                next.push_back(std::move(h));
            }
        }
        live.clear();
        for (Hypothesis& h : next)
            if (!found || h.score > best_score) live.push_back(std::move(h));  // a longer prefix only scores lower
    }
    return {best.tokens.begin() + 1, best.tokens.end()};
}

}  // namespace attn
