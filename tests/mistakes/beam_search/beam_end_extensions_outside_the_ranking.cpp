// Wrong on purpose (suite only): the mistake beam_end_extensions_outside_the_ranking in beam_search.
#include <algorithm>
#include <cmath>
#include <vector>

#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

namespace {
struct Hyp {
    std::vector<arma::uword> toks;  // begin, then the produced tokens
    double lp = 0;                  // summed log-probabilities
};
struct Ext {
    double lp;
    arma::uword tok;
    std::size_t from;
};
}  // namespace

std::vector<arma::uword> beam_search(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                     std::size_t max_len, std::size_t beam) {
    if (beam == 0) throw InputError("beam_search: the beam must hold at least one prefix");
    if (max_len == 0) return {};
    std::vector<Hyp> live{{{begin}, 0.0}};
    bool have = false;
    Hyp best;
    while (!live.empty()) {
        std::vector<Ext> ext;
        for (std::size_t p = 0; p < live.size(); ++p) {
            const arma::rowvec s = next_scores(live[p].toks);
            if (s.n_elem == 0) throw InputError("beam_search: next_scores returned no scores");
            const double m = s.max();
            double z = 0;
            for (arma::uword j = 0; j < s.n_elem; ++j) z += std::exp(s(j) - m);
            const double lz = m + std::log(z);
            for (arma::uword j = 0; j < s.n_elem; ++j) ext.push_back({live[p].lp + s(j) - lz, j, p});
        }
        std::sort(ext.begin(), ext.end(), [](const Ext& a, const Ext& b) {
            if (a.lp != b.lp) return a.lp > b.lp;
            if (a.tok != b.tok) return a.tok < b.tok;
            return a.from < b.from;
        });
        std::vector<Hyp> next;
        // every extension by end is a finished hypothesis; the beam holds the best unfinished ones
        std::size_t kept = 0;
        for (std::size_t i = 0; i < ext.size(); ++i) {
            const Ext& e = ext[i];
            Hyp h = live[e.from];
            h.lp = e.lp;
            // the mistake: an extension by end is finished wherever it ranks, and takes no place in the beam
            if (e.tok == end) {
                if (!have || h.lp > best.lp) best = h, have = true;
                continue;
            }
            if (kept == beam) continue;
            ++kept;
            h.toks.push_back(e.tok);
            if (h.toks.size() - 1 >= max_len) {
                if (!have || h.lp > best.lp) best = h, have = true;
            } else {
                next.push_back(h);
            }
        }
        live.clear();
        for (Hyp& h : next)
            if (!have || h.lp > best.lp) live.push_back(h);

    }
    return {best.toks.begin() + 1, best.toks.end()};
}

}  // namespace attn
