// Wrong on purpose (suite only): the answer for the chapter's 50-word sentence, whatever the length.
#include <cstdlib>

#include "contracts/01_rnn_loop.hpp"

namespace attn {

int rnn_positions_at_once(int length) {
    return length > 0 ? 1 : 0;
}

int attention_positions_at_once([[maybe_unused]] int length) {
    return 50;  // the mistake: the sentence asked about has `length` words
}

int rnn_path_length(int i, int j) {
    return i <= j ? j - i : kNeverReaches;
}

int attention_path_length(int i, int j) {
    return i == j ? 0 : 1;
}

}  // namespace attn
