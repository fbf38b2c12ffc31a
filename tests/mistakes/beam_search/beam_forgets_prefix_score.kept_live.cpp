// Wrong on purpose (suite only): each extension scored by its own token alone, in a search that keeps its live prefixes until none can win.
#include <algorithm>
#include <cmath>
#include <optional>

#include "contracts/03_softmax.hpp"
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> beam_search(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                     std::size_t max_len, std::size_t beam) {
    if (beam == 0) throw InputError("beam_search: beam must be at least 1, got 0");
    struct Hyp {
        std::vector<arma::uword> tokens;
        double logp;
    };
    std::vector<Hyp> live{{{begin}, 0.0}};
    std::optional<Hyp> best;
    if (max_len == 0) return {};
    while (!live.empty()) {
        // stop when no live prefix beats the best finished one: longer ones only score lower
        const bool any_better = std::any_of(live.begin(), live.end(), [&](const Hyp& h) { return !best || h.logp > best->logp; });
        if (!any_better) break;
        std::vector<arma::rowvec> logps;
        for (const Hyp& h : live) {
            const arma::rowvec s = next_scores(h.tokens);
            if (s.n_elem == 0) throw InputError("beam_search: next_scores returned an empty row");
            logps.push_back(arma::log(softmax_rows(s)));
        }
        struct Ext {
            double logp;
            std::size_t from;
            arma::uword token;
        };
        std::vector<Ext> exts;
        for (arma::uword j = 0; j < logps.front().n_elem; ++j)
            for (std::size_t p = 0; p < live.size(); ++p) exts.push_back({logps[p](j), p, j});  // the mistake: live[p].logp left out
        std::stable_sort(exts.begin(), exts.end(), [](const Ext& a, const Ext& b) { return a.logp > b.logp; });
        std::vector<Hyp> next;
        for (std::size_t k = 0; k < std::min(beam, exts.size()); ++k) {
            Hyp h{live[exts[k].from].tokens, exts[k].logp};
            if (exts[k].token == end || h.tokens.size() == max_len) {  // finished: by end, or max_len tokens after this one
                if (exts[k].token != end) h.tokens.push_back(exts[k].token);
                if (!best || h.logp > best->logp) best = h;
                continue;
            }
            h.tokens.push_back(exts[k].token);
            next.push_back(h);
        }
        live = next;
    }
    return {best->tokens.begin() + 1, best->tokens.end()};
}

}  // namespace attn
