// Wrong on purpose (suite only): the mistake greedy_tie_to_larger_token in greedy_decode.
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> out;
    std::vector<arma::uword> prefix{begin};
    for (std::size_t step = 0; step < max_len; ++step) {
        const arma::rowvec s = next_scores(prefix);
        if (s.is_empty()) throw InputError("greedy_decode: next_scores returned an empty row");
        // the mistake: the search runs from the last token down and keeps the first maximum it meets, the largest id
        arma::uword best = s.n_elem - 1;
        for (arma::uword j = s.n_elem - 1; j-- > 0;)
            if (s(j) > s(best)) best = j;
        if (best == end) break;
        out.push_back(best);
        prefix.push_back(best);
    }
    return out;
}

}  // namespace attn
