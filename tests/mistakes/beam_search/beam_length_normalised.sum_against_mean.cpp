// Wrong on purpose (suite only): the mistake beam_length_normalised in beam_search.
// Finished prefixes compared by their mean per token (the end token counted), a live prefix's sum held against that mean.
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"
#include <algorithm>
#include <cmath>
#include <limits>

namespace attn {

namespace {
struct Hyp {
    std::vector<arma::uword> toks;  // with begin at the front
    double score;
};
struct Cand {
    double score;
    arma::uword tok;
    std::size_t parent;
};
arma::rowvec log_softmax_row(const arma::rowvec& s) {
    const double m = s.max();
    return s - (m + std::log(arma::accu(arma::exp(s - m))));
}
}  // namespace

std::vector<arma::uword> beam_search(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                     std::size_t max_len, std::size_t beam) {
    if (beam == 0) throw InputError("beam_search: beam must be at least 1");
    std::vector<arma::uword> best;
    bool have = false;
    double best_score = -std::numeric_limits<double>::infinity();
    if (max_len == 0) return best;
    auto finish = [&](const std::vector<arma::uword>& toks, double score, std::size_t extra) {
        (void)extra;
        const double fs = score / static_cast<double>(toks.size() - 1 + extra);
        if (!have || fs > best_score) {
            have = true;
            best_score = fs;
            best.assign(toks.begin() + 1, toks.end());
        }
    };
    std::vector<Hyp> live{Hyp{{begin}, 0.0}};
    while (!live.empty()) {
        std::vector<Cand> cands;
        for (std::size_t p = 0; p < live.size(); ++p) {
            const arma::rowvec s = next_scores(live[p].toks);
            if (s.n_elem == 0) throw InputError("beam_search: next_scores returned an empty row");
            const arma::rowvec lp = log_softmax_row(s);
            for (arma::uword j = 0; j < lp.n_elem; ++j) cands.push_back(Cand{live[p].score + lp(j), j, p});
        }
        std::sort(cands.begin(), cands.end(), [](const Cand& a, const Cand& b) {
            if (a.score != b.score) return a.score > b.score;
            if (a.tok != b.tok) return a.tok < b.tok;
            return a.parent < b.parent;
        });
        std::vector<Hyp> next;
        for (std::size_t k = 0; k < cands.size() && k < beam; ++k) {
            const Cand& cd = cands[k];
            if (cd.tok == end) {
                finish(live[cd.parent].toks, cd.score, 1);
                continue;
            }
            Hyp h{live[cd.parent].toks, cd.score};
            h.toks.push_back(cd.tok);
            if (h.toks.size() - 1 >= max_len)
                finish(h.toks, h.score, 0);
            else
                next.push_back(h);
        }
        live = next;
        if (have) {
            bool better = false;
            for (const Hyp& h : live)
                if (h.score > best_score) better = true;
            if (!better) break;
        }
    }
    return best;
}

}  // namespace attn
