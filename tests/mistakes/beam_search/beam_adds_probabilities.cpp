// Wrong on purpose (suite only): a prefix's score adds up its tokens' probabilities, not their logarithms.
#include <algorithm>
#include <cmath>

#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> beam_search(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                     std::size_t max_len, std::size_t beam) {
    if (beam == 0) throw InputError("beam_search: beam must be at least 1");
    if (max_len == 0) return {};
    struct Hyp {
        std::vector<arma::uword> tokens;
        double score;
    };
    struct Cand {
        double score;
        std::size_t from;
        arma::uword token;
    };
    std::vector<Hyp> live{{{begin}, 0.0}};
    bool have_best = false;
    Hyp best{{}, 0.0};
    while (!live.empty()) {
        std::vector<Cand> cands;
        for (std::size_t p = 0; p < live.size(); ++p) {
            const arma::rowvec s = next_scores(live[p].tokens);
            if (s.n_elem == 0) throw InputError("beam_search: next_scores returned an empty row");
            const arma::rowvec e = arma::exp(s - s.max());
            const arma::rowvec prob = e / arma::accu(e);
            for (arma::uword j = 0; j < s.n_elem; ++j)
                cands.push_back({live[p].score + prob(j), p, j});  // the mistake: + p, not + log p
        }
        std::sort(cands.begin(), cands.end(), [](const Cand& a, const Cand& b) {
            if (a.score != b.score) return a.score > b.score;
            if (a.token != b.token) return a.token < b.token;
            return a.from < b.from;
        });
        std::vector<Hyp> next;
        for (std::size_t i = 0; i < cands.size() && i < beam; ++i) {
            Hyp h = live[cands[i].from];
            h.score = cands[i].score;
            const bool ended = cands[i].token == end;
            if (!ended) h.tokens.push_back(cands[i].token);
            if (ended || h.tokens.size() - 1 == max_len) {
                if (!have_best || h.score > best.score) best = h, have_best = true;
            } else {
                next.push_back(h);
            }
        }
        live.clear();
        for (const Hyp& h : next)
            if (!have_best || h.score > best.score) live.push_back(h);
    }
    return {best.tokens.begin() + 1, best.tokens.end()};
}

}  // namespace attn
