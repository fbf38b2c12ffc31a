// decoding.cpp: beam search that ranks finished outputs with length normalisation.
#include "model/decoding.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/errors.hpp"

namespace attn::model {

double FinishedOutput::normalised(double alpha) const {
    if (alpha == 0 || length == 0) return log_probability;
    return log_probability / std::pow(static_cast<double>(length), alpha);
}

namespace {

struct Live {
    std::vector<arma::uword> tokens;  // begin, then what was produced
    double score = 0;
};

struct Extension {
    double score;
    std::size_t parent;
    arma::uword token;
};

// Every live prefix extended by every token, best first by the plain sum.
std::vector<Extension> extensions(const NextTokenScores& next_scores, const std::vector<Live>& live) {
    std::vector<Extension> out;
    for (std::size_t p = 0; p < live.size(); ++p) {
        const arma::rowvec s = next_scores(live[p].tokens);
        if (s.n_elem == 0) throw InputError("beam_outputs: next_scores returned no scores");
        const double m = s.max();
        const double log_sum = m + std::log(arma::accu(arma::exp(s - m)));  // log softmax = s_j - log_sum
        for (arma::uword j = 0; j < s.n_elem; ++j) out.push_back({live[p].score + s(j) - log_sum, p, j});
    }
    std::stable_sort(out.begin(), out.end(), [](const Extension& a, const Extension& b) {
        if (a.score != b.score) return a.score > b.score;
        if (a.token != b.token) return a.token < b.token;
        return a.parent < b.parent;
    });
    return out;
}

}  // namespace

std::vector<FinishedOutput> beam_outputs(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                         std::size_t max_len, std::size_t beam) {
    if (beam == 0) throw InputError("beam_outputs: the beam must hold at least one prefix");
    std::vector<FinishedOutput> finished;
    if (max_len == 0) return {FinishedOutput{}};  // nothing may be produced: the empty output
    std::vector<Live> live{{{begin}, 0.0}};
    while (!live.empty()) {
        const std::vector<Extension> ranked = extensions(next_scores, live);
        std::vector<Live> next;
        for (std::size_t i = 0; i < ranked.size() && i < beam; ++i) {
            const Extension& e = ranked[i];
            Live h{live[e.parent].tokens, e.score};
            const bool ends = e.token == end;
            if (!ends) h.tokens.push_back(e.token);
            const std::size_t produced = h.tokens.size() - 1;
            if (ends || produced >= max_len)
                finished.push_back({{h.tokens.begin() + 1, h.tokens.end()}, h.score, produced + (ends ? 1 : 0)});
            else
                next.push_back(std::move(h));
        }
        live = std::move(next);
    }
    return finished;
}

std::vector<arma::uword> beam_search_normalised(const NextTokenScores& next_scores, arma::uword begin,
                                                arma::uword end, std::size_t max_len, std::size_t beam, double alpha) {
    if (!std::isfinite(alpha) || alpha < 0)
        throw InputError("beam_search_normalised: alpha must be a finite number of at least 0; got " +
                         std::to_string(alpha));
    const std::vector<FinishedOutput> outputs = beam_outputs(next_scores, begin, end, max_len, beam);
    const FinishedOutput* best = &outputs.front();  // never empty: each round's best extension is kept
    for (const FinishedOutput& o : outputs)
        if (o.normalised(alpha) > best->normalised(alpha)) best = &o;
    return best->tokens;
}

}  // namespace attn::model
