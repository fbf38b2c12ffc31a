// Exercise beam_search (chapter 12): the best few prefixes kept alive at once.
//
// What it must do, shapes and errors: src/contracts/12_encoder_decoder.hpp, above beam_search().
//
// Check your work:  ./course check beam_search   Stuck?  ./course hint beam_search
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::uword> beam_search([[maybe_unused]] const NextTokenScores& next_scores,
                                     [[maybe_unused]] arma::uword begin, [[maybe_unused]] arma::uword end,
                                     [[maybe_unused]] std::size_t max_len, [[maybe_unused]] std::size_t beam) {
    // TODO(ch12): your code here.
    throw NotImplemented("beam_search", __FILE__);
}

}  // namespace attn
