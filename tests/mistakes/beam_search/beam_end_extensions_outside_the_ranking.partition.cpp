// Wrong on purpose (suite only): the mistake beam_end_extensions_outside_the_ranking in beam_search.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

namespace {
struct Cand {
    double score;
    std::size_t from;
    arma::uword token;
};
bool better(const Cand& a, const Cand& b) {
    if (a.score != b.score) return a.score > b.score;
    return a.token != b.token ? a.token < b.token : a.from < b.from;
}
}  // namespace

std::vector<arma::uword> beam_search(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                     std::size_t max_len, std::size_t beam) {
    if (beam == 0) throw InputError("beam_search: the beam must hold at least one prefix");
    std::vector<std::vector<arma::uword>> live{{begin}};
    std::vector<double> live_score{0.0};
    std::vector<arma::uword> answer;
    double answer_score = -std::numeric_limits<double>::infinity();
    bool found = false;
    if (max_len == 0) return answer;
    while (!live.empty()) {
        std::vector<Cand> all;
        for (std::size_t p = 0; p < live.size(); ++p) {
            const arma::rowvec s = next_scores(live[p]);
            if (s.empty()) throw InputError("beam_search: next_scores returned an empty row");
            const double lse = s.max() + std::log(arma::accu(arma::exp(s - s.max())));
            for (arma::uword j = 0; j < s.n_elem; ++j) all.push_back({live_score[p] + s(j) - lse, p, j});
        }
        std::sort(all.begin(), all.end(), better);
        // the mistake: the end extensions are split off first, all of them finished, and the beam is the
        // best `beam` of what is left
        const auto rest = std::stable_partition(all.begin(), all.end(), [&](const Cand& c) { return c.token == end; });
        for (auto it = all.begin(); it != rest; ++it)
            if (!found || it->score > answer_score)
                answer.assign(live[it->from].begin() + 1, live[it->from].end()), answer_score = it->score, found = true;
        std::vector<std::vector<arma::uword>> next;
        std::vector<double> next_score;
        for (auto it = rest; it != all.end() && it - rest < static_cast<std::ptrdiff_t>(beam); ++it) {
            std::vector<arma::uword> t = live[it->from];
            t.push_back(it->token);
            if (t.size() - 1 == max_len) {
                if (!found || it->score > answer_score)
                    answer.assign(t.begin() + 1, t.end()), answer_score = it->score, found = true;
            } else {
                next.push_back(t);
                next_score.push_back(it->score);
            }
        }
        live.clear();
        live_score.clear();
        for (std::size_t i = 0; i < next.size(); ++i)
            if (!found || next_score[i] > answer_score) live.push_back(next[i]), live_score.push_back(next_score[i]);
    }
    return answer;
}

}  // namespace attn
