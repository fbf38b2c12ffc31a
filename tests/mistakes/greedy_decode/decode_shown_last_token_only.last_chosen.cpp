// Wrong on purpose (suite only): the mistake decode_shown_last_token_only in greedy_decode.
#include <cmath>
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"
namespace attn {
std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> out;
    arma::uword last = begin;
    for (std::size_t step = 0; step < max_len; ++step) {
        const arma::rowvec s = next_scores(std::vector<arma::uword>{last});  // the mistake: begin and all of out
        if (s.empty()) throw InputError("greedy_decode: next_scores returned no scores");
        last = s.index_max();
        if (last == end) break;
        out.push_back(last);
    }
    return out;
}
}  // namespace attn
