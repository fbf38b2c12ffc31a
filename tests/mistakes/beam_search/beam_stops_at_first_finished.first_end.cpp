// Wrong on purpose (suite only): the mistake beam_stops_at_first_finished in beam_search (returns at the first extension by end).
#include <cmath>
#include <limits>

#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> beam_search(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                     std::size_t max_len, std::size_t beam) {
    if (beam == 0) throw InputError("beam_search: beam must be at least 1");
    if (max_len == 0) return {};
    const double NEG = -std::numeric_limits<double>::infinity();
    std::vector<std::vector<arma::uword>> live_tok{{begin}};
    std::vector<double> live_sc{0.0};
    std::vector<std::vector<arma::uword>> done_tok;
    std::vector<double> done_sc;
    double best_done = NEG;
    while (!live_tok.empty()) {
        // all extensions: (score, parent, token), in order parent-major
        std::vector<double> cs;
        std::vector<std::size_t> cp;
        std::vector<arma::uword> ct;
        for (std::size_t p = 0; p < live_tok.size(); ++p) {
            arma::rowvec s = next_scores(live_tok[p]);
            if (s.n_elem == 0) throw InputError("beam_search: next_scores returned an empty row");
            double m = s(0);
            for (arma::uword j = 1; j < s.n_elem; ++j) m = std::max(m, s(j));
            double sum = 0;
            for (arma::uword j = 0; j < s.n_elem; ++j) sum += std::exp(s(j) - m);
            const double lse = m + std::log(sum);
            for (arma::uword j = 0; j < s.n_elem; ++j) {
                cs.push_back(live_sc[p] + s(j) - lse);
                cp.push_back(p);
                ct.push_back(j);
            }
        }
        std::vector<bool> taken(cs.size(), false);
        std::vector<std::vector<arma::uword>> nt;
        std::vector<double> ns;
        for (std::size_t k = 0; k < beam && k < cs.size(); ++k) {
            std::size_t bi = cs.size();
            for (std::size_t i = 0; i < cs.size(); ++i) {
                if (taken[i]) continue;
                if (bi == cs.size()) { bi = i; continue; }
                const bool better = cs[i] > cs[bi] || (cs[i] == cs[bi] && (ct[i] < ct[bi] || (ct[i] == ct[bi] && cp[i] < cp[bi])));
                if (better) bi = i;
            }
            taken[bi] = true;
            std::vector<arma::uword> tok = live_tok[cp[bi]];
            if (ct[bi] == end) {
                return {tok.begin() + 1, tok.end()};  // the mistake: the first prefix to end is the answer
            }
            tok.push_back(ct[bi]);
            if (tok.size() - 1 >= max_len) {
                done_tok.push_back(tok);
                done_sc.push_back(cs[bi]);
                best_done = std::max(best_done, cs[bi]);
            } else {
                nt.push_back(tok);
                ns.push_back(cs[bi]);
            }
        }
        live_tok.clear();
        live_sc.clear();
        for (std::size_t i = 0; i < nt.size(); ++i)
            if (ns[i] > best_done) { live_tok.push_back(nt[i]); live_sc.push_back(ns[i]); }
    }
    std::size_t b = 0;
    for (std::size_t i = 1; i < done_sc.size(); ++i)
        if (done_sc[i] > done_sc[b]) b = i;
    return {done_tok[b].begin() + 1, done_tok[b].end()};
}

}  // namespace attn
