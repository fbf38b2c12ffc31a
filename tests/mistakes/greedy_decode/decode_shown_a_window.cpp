// Wrong on purpose (suite only): the mistake decode_shown_a_window in greedy_decode.
#include <cmath>
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"
namespace attn {
std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> out;
    while (out.size() < max_len) {
        std::vector<arma::uword> shown{begin};
        if (!out.empty()) shown.push_back(out.back());  // the mistake: begin and the last token only
        const arma::rowvec s = next_scores(shown);
        if (s.n_elem == 0) throw InputError("greedy_decode: next_scores returned no scores");
        const arma::uword best = s.index_max();
        if (best == end) break;
        out.push_back(best);
    }
    return out;
}
}  // namespace attn
