// Wrong on purpose (suite only): the mistake beam_length_normalised in beam_search: the
// prefixes compared by score / tokens.size() (begin counted), and the live ones dropped
// when that falls to the best finished one's.
#include <algorithm>
#include <cmath>

#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

namespace {
struct Hyp {
    std::vector<arma::uword> tokens;
    double score;
    double mean() const { return score / static_cast<double>(tokens.size()); }  // the mistake: a mean per token
};
}  // namespace

std::vector<arma::uword> beam_search(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                     std::size_t max_len, std::size_t beam) {
    if (beam == 0) throw InputError("beam_search: beam is 0");
    if (max_len == 0) return {};
    std::vector<Hyp> beam_now{{{begin}, 0.0}};
    bool have_best = false;
    Hyp best{{}, 0.0};
    while (!beam_now.empty()) {
        struct Cand {
            double score;
            std::size_t from;
            arma::uword token;
        };
        std::vector<Cand> cands;
        for (std::size_t p = 0; p < beam_now.size(); ++p) {
            const arma::rowvec s = next_scores(beam_now[p].tokens);
            if (s.n_elem == 0) throw InputError("beam_search: empty scores");
            double top = s(0);
            for (arma::uword j = 1; j < s.n_elem; ++j) top = std::max(top, s(j));
            double sum = 0;
            for (arma::uword j = 0; j < s.n_elem; ++j) sum += std::exp(s(j) - top);
            for (arma::uword j = 0; j < s.n_elem; ++j) cands.push_back({beam_now[p].score + s(j) - top - std::log(sum), p, j});
        }
        std::stable_sort(cands.begin(), cands.end(), [](const Cand& a, const Cand& b) {
            if (a.score != b.score) return a.score > b.score;
            if (a.token != b.token) return a.token < b.token;
            return a.from < b.from;
        });
        if (cands.size() > beam) cands.resize(beam);
        std::vector<Hyp> grown;
        for (const Cand& c : cands) {
            Hyp h{beam_now[c.from].tokens, c.score};
            const bool done = c.token == end;
            if (!done) h.tokens.push_back(c.token);
            if (done || h.tokens.size() > max_len) {
                if (!have_best || h.mean() > best.mean()) best = h, have_best = true;
            } else {
                grown.push_back(h);
            }
        }
        beam_now.clear();
        for (const Hyp& h : grown)
            if (!have_best || h.mean() > best.mean()) beam_now.push_back(h);
    }
    return {best.tokens.begin() + 1, best.tokens.end()};
}

}  // namespace attn
