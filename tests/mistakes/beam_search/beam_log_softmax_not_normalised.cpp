// Wrong on purpose (suite only): each token's log-probability is taken as s_j - max(s), without the log-sum-exp.
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
        double logp;
    };
    std::vector<Hyp> alive{{{begin}, 0.0}};
    Hyp best{{begin}, -INFINITY};
    while (!alive.empty()) {
        struct Option {
            double logp;
            std::size_t hyp;
            arma::uword token;
        };
        std::vector<Option> options;
        for (std::size_t h = 0; h < alive.size(); ++h) {
            const arma::rowvec s = next_scores(alive[h].tokens);
            if (s.n_elem == 0) throw InputError("beam_search: next_scores returned an empty row");
            const arma::rowvec logp = s - s.max();  // the mistake: stable, but not normalised
            for (arma::uword j = 0; j < logp.n_elem; ++j) options.push_back({alive[h].logp + logp(j), h, j});
        }
        std::sort(options.begin(), options.end(), [](const Option& a, const Option& b) {
            if (a.logp != b.logp) return a.logp > b.logp;
            if (a.token != b.token) return a.token < b.token;
            return a.hyp < b.hyp;
        });
        std::vector<Hyp> kept;
        for (std::size_t k = 0; k < beam && k < options.size(); ++k) {
            const Option& o = options[k];
            Hyp h{alive[o.hyp].tokens, o.logp};
            if (o.token == end) {
                if (h.logp > best.logp) best = h;
                continue;
            }
            h.tokens.push_back(o.token);
            if (h.tokens.size() - 1 >= max_len) {
                if (h.logp > best.logp) best = h;
            } else {
                kept.push_back(h);
            }
        }
        alive.clear();
        for (const Hyp& h : kept)
            if (h.logp > best.logp) alive.push_back(h);
    }
    return {best.tokens.begin() + 1, best.tokens.end()};
}

}  // namespace attn
