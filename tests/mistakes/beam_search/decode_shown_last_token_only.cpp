// Wrong on purpose (suite only): the mistake decode_shown_last_token_only in beam_search.
#include <algorithm>
#include <cmath>

#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> beam_search(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                     std::size_t max_len, std::size_t beam) {
    if (beam < 1) throw InputError("beam_search: the beam holds no prefix (beam = 0)");
    struct Path {
        std::vector<arma::uword> tokens;
        double prob;
    };
    std::vector<Path> done;
    auto best_done = [&] {
        double b = -1.0;
        for (const Path& d : done) b = std::max(b, d.prob);
        return b;
    };
    std::vector<Path> beam_paths{{{begin}, 1.0}};
    while (!beam_paths.empty()) {
        struct Step {
            double prob;
            arma::uword token;
            std::size_t from;
            bool operator<(const Step& o) const {  // the better one first: probability, then smaller token, then earlier prefix
                if (prob != o.prob) return prob > o.prob;
                if (token != o.token) return token < o.token;
                return from < o.from;
            }
        };
        std::vector<Step> steps;
        std::vector<std::size_t> going_on;
        for (std::size_t p = 0; p < beam_paths.size(); ++p) {
            const Path& path = beam_paths[p];
            const arma::rowvec s = next_scores({path.tokens.back()});  // the mistake: next_scores(path.tokens)
            if (s.is_empty()) throw InputError("beam_search: next_scores returned no scores");
            if (path.tokens.size() - 1 == max_len) {  // full: it leaves the beam as it is
                done.push_back(path);
                continue;
            }
            const arma::rowvec e = arma::exp(s - s.max());
            const arma::rowvec prob = e / arma::accu(e);
            for (arma::uword j = 0; j < prob.n_elem; ++j) steps.push_back({path.prob * prob(j), j, p});
        }
        std::sort(steps.begin(), steps.end());
        std::vector<Path> next;
        for (std::size_t k = 0; k < steps.size() && k < beam; ++k) {
            Path grown = beam_paths[steps[k].from];
            grown.prob = steps[k].prob;
            if (steps[k].token == end) {
                done.push_back(grown);
                continue;
            }
            grown.tokens.push_back(steps[k].token);
            next.push_back(grown);
        }
        beam_paths.clear();
        const double b = best_done();
        for (const Path& p : next)
            if (p.prob > b || p.tokens.size() - 1 == max_len) beam_paths.push_back(p);
    }
    const Path* best = nullptr;
    for (const Path& d : done)
        if (!best || d.prob > best->prob) best = &d;
    return {best->tokens.begin() + 1, best->tokens.end()};
}

}  // namespace attn
