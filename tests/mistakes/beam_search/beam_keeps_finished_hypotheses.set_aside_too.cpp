// Wrong on purpose (suite only): the mistake beam_keeps_finished_hypotheses in beam_search (set aside, and grown on too).
#include <algorithm>
#include <cmath>
#include <limits>

#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> beam_search(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                     std::size_t max_len, std::size_t beam) {
    if (beam == 0) throw InputError("beam_search: the beam must hold at least one prefix");
    if (max_len == 0) return {};
    struct Hyp { std::vector<arma::uword> tokens; double score; };
    struct Cand { double score; std::size_t parent; arma::uword token; };
    std::vector<Hyp> live{{{begin}, 0.0}};
    bool found = false;
    Hyp best{{begin}, -std::numeric_limits<double>::infinity()};
    while (!live.empty()) {
        double top = live[0].score;
        for (const Hyp& h : live) top = std::max(top, h.score);
        if (found && top <= best.score) break;
        std::vector<Cand> cands;
        for (std::size_t p = 0; p < live.size(); ++p) {
            const arma::rowvec s = next_scores(live[p].tokens);
            if (s.n_elem == 0) throw InputError("beam_search: next_scores returned no scores");
            const double m = s.max();
            const double lse = m + std::log(arma::accu(arma::exp(s - m)));
            for (arma::uword j = 0; j < s.n_elem; ++j) cands.push_back({live[p].score + s(j) - lse, p, j});
        }
        std::stable_sort(cands.begin(), cands.end(), [](const Cand& a, const Cand& b) {
            if (a.score != b.score) return a.score > b.score;
            if (a.token != b.token) return a.token < b.token;
            return a.parent < b.parent;
        });
        std::vector<Hyp> next;
        for (std::size_t i = 0; i < cands.size() && i < beam; ++i) {
            Hyp h{live[cands[i].parent].tokens, cands[i].score};
            h.tokens.push_back(cands[i].token);
            if (cands[i].token == end) {
                Hyp fin{live[cands[i].parent].tokens, cands[i].score};
                if (!found || fin.score > best.score) best = fin, found = true;
            }  // the mistake: no continue, so h, end and all, goes on growing below
            if (h.tokens.size() - 1 >= max_len) {
                if (cands[i].token != end && (!found || h.score > best.score)) best = h, found = true;
            } else {
                next.push_back(h);
            }
        }
        live = next;
    }
    return {best.tokens.begin() + 1, best.tokens.end()};
}

}  // namespace attn
