// Wrong on purpose (suite only): the loop said to work on one position even in a sentence of no words.
#include "contracts/01_rnn_loop.hpp"

namespace attn {

int rnn_positions_at_once(int) {
    return 1;  // the mistake: a sentence of 0 words has no position to work on
}

int attention_positions_at_once(int length) {
    return length > 0 ? length : 0;
}

int rnn_path_length(int i, int j) {
    return i <= j ? j - i : kNeverReaches;
}

int attention_path_length(int i, int j) {
    return i == j ? 0 : 1;
}

}  // namespace attn
