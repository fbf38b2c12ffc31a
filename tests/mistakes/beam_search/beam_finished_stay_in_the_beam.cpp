// Wrong on purpose (suite only): the textbook loop where a finished prefix stays in the beam and keeps its place.
#include <algorithm>
#include <cmath>

#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> beam_search(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                     std::size_t max_len, std::size_t beam) {
    if (beam == 0) throw InputError("beam_search: the beam must hold at least one prefix");
    if (max_len == 0) return {};
    struct Entry {
        std::vector<arma::uword> tokens;  // begin, the answer so far (and end once finished)
        double score;
        bool done;
        std::size_t parent;
        arma::uword token;
    };
    std::vector<Entry> beam_now{{{begin}, 0.0, false, 0, 0}};
    for (std::size_t step = 0; step < max_len; ++step) {
        std::vector<Entry> cands;
        for (std::size_t p = 0; p < beam_now.size(); ++p) {
            const Entry& h = beam_now[p];
            if (h.done) {  // the mistake: a finished prefix competes again for a place
                cands.push_back({h.tokens, h.score, true, p, end});
                continue;
            }
            const arma::rowvec s = next_scores(h.tokens);
            if (s.n_elem == 0) throw InputError("beam_search: next_scores returned no scores");
            const double m = s.max();
            const double lse = m + std::log(arma::accu(arma::exp(s - m)));
            for (arma::uword j = 0; j < s.n_elem; ++j) {
                Entry e{h.tokens, h.score + s(j) - lse, j == end, p, j};
                e.tokens.push_back(j);
                if (e.tokens.size() - 1 >= max_len) e.done = true;
                cands.push_back(e);
            }
        }
        std::sort(cands.begin(), cands.end(), [](const Entry& a, const Entry& b) {
            if (a.score != b.score) return a.score > b.score;
            if (a.token != b.token) return a.token < b.token;
            return a.parent < b.parent;
        });
        if (cands.size() > beam) cands.resize(beam);
        beam_now = cands;
        if (std::all_of(beam_now.begin(), beam_now.end(), [](const Entry& e) { return e.done; })) break;
    }
    std::vector<arma::uword> out(beam_now.front().tokens.begin() + 1, beam_now.front().tokens.end());
    if (!out.empty() && out.back() == end) out.pop_back();
    return out;
}

}  // namespace attn
