// Right, written another way (suite only): a priority queue ranks the extensions (the contract's order), and the
// stopping rule is tested on the extensions of a round, before any of them is kept.
#include <cmath>
#include <queue>

#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> beam_search(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                     std::size_t max_len, std::size_t beam) {
    if (beam == 0) throw InputError("beam_search: beam = 0 keeps no prefix");
    if (max_len == 0) return {};
    struct Ext {
        double score;
        arma::uword token;
        std::size_t from;
    };
    struct Worse {  // true when a ranks below b
        bool operator()(const Ext& a, const Ext& b) const {
            if (a.score != b.score) return a.score < b.score;
            if (a.token != b.token) return a.token > b.token;
            return a.from > b.from;
        }
    };
    std::vector<std::vector<arma::uword>> prefixes{{begin}};
    std::vector<double> scores{0.0};
    std::vector<arma::uword> best;
    double best_score = -INFINITY;
    while (!prefixes.empty()) {
        std::priority_queue<Ext, std::vector<Ext>, Worse> queue;
        for (std::size_t p = 0; p < prefixes.size(); ++p) {
            const arma::rowvec s = next_scores(prefixes[p]);
            if (s.n_elem == 0) throw InputError("beam_search: next_scores returned no scores");
            const double lse = std::log(arma::accu(arma::exp(s - s.max()))) + s.max();
            for (arma::uword j = 0; j < s.n_elem; ++j) queue.push({scores[p] + s(j) - lse, j, p});
        }
        if (queue.top().score <= best_score) break;  // no extension can beat the best answer
        std::vector<std::vector<arma::uword>> next;
        std::vector<double> next_scores_kept;
        for (std::size_t k = 0; k < beam && !queue.empty(); ++k) {
            const Ext e = queue.top();
            queue.pop();
            std::vector<arma::uword> grown = prefixes[e.from];
            if (e.token != end) grown.push_back(e.token);
            if (e.token == end || grown.size() - 1 == max_len) {
                if (e.score > best_score) best_score = e.score, best = grown;
            } else {
                next.push_back(grown);
                next_scores_kept.push_back(e.score);
            }
        }
        prefixes = next;
        scores = next_scores_kept;
    }
    return {best.begin() + 1, best.end()};
}

}  // namespace attn
