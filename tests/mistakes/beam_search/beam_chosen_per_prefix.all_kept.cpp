// Wrong on purpose (suite only): the mistake beam_chosen_per_prefix in beam_search.
// Each prefix keeps its own beam best extensions, all of them kept (beam x beam), and live prefixes stay until none can win.
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

#include <algorithm>
#include <cmath>

namespace attn {

namespace {
struct Hyp {
    std::vector<arma::uword> toks;  // begin, y1 ...
    double score;
};
struct Cand {
    double score;
    std::size_t parent;
    arma::uword tok;
};
}  // namespace

std::vector<arma::uword> beam_search(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                     std::size_t max_len, std::size_t beam) {
    if (beam == 0) throw InputError("beam_search: the beam must hold at least one prefix");
    if (max_len == 0) return {};
    std::vector<Hyp> live{Hyp{{begin}, 0.0}};
    bool have_best = false;
    Hyp best{{}, 0.0};
    while (!live.empty()) {
        if (have_best) {
            bool better = false;
            for (const Hyp& h : live)
                if (h.score > best.score) better = true;
            if (!better) break;
        }
        std::vector<Cand> cands;
        for (std::size_t p = 0; p < live.size(); ++p) {
            arma::rowvec s = next_scores(live[p].toks);
            if (s.n_elem == 0) throw InputError("beam_search: next_scores returned no scores (an empty row)");
            const double m = s.max();
            const double lse = m + std::log(arma::accu(arma::exp(s - m)));
            std::vector<Cand> mine;
            for (arma::uword j = 0; j < s.n_elem; ++j) mine.push_back(Cand{live[p].score + s(j) - lse, p, j});
            std::sort(mine.begin(), mine.end(), [](const Cand& a, const Cand& b) {
                if (a.score != b.score) return a.score > b.score;
                return a.tok < b.tok;
            });
            for (std::size_t k = 0; k < mine.size() && k < beam; ++k) cands.push_back(mine[k]);
        }
        std::vector<Hyp> next;
        for (std::size_t k = 0; k < cands.size(); ++k) {
            const Cand& cd = cands[k];
            Hyp h{live[cd.parent].toks, cd.score};
            bool finished = false;
            if (cd.tok == end) {
                finished = true;
            } else {
                h.toks.push_back(cd.tok);
                if (h.toks.size() - 1 >= max_len) finished = true;
            }
            if (finished) {
                if (!have_best || h.score > best.score) {
                    best = h;
                    have_best = true;
                }
            } else {
                next.push_back(h);
            }
        }
        live = next;
    }
    if (!have_best) return {};
    return std::vector<arma::uword>(best.toks.begin() + 1, best.toks.end());
}

}  // namespace attn
