// Wrong on purpose (suite only): the mistake greedy_stops_at_begin_token in greedy_decode.
#include <cmath>
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"
namespace attn {
std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len) {
    std::vector<arma::uword> out;
    std::vector<arma::uword> prefix{begin};
    while (out.size() < max_len) {
        const arma::rowvec s = next_scores(prefix);
        if (s.empty()) throw InputError("greedy_decode: next_scores returned no scores");
        const arma::uword t = s.index_max();
        const bool special = t == begin || t == end;  // the mistake: begin is a token like any other
        if (special) break;
        out.push_back(t);
        prefix.push_back(t);
    }
    return out;
}
}  // namespace attn
