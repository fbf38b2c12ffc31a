// Wrong on purpose (suite only): the loop taken to carry information from later positions to earlier ones.
#include <cstdlib>

#include "contracts/01_rnn_loop.hpp"

namespace attn {

int rnn_positions_at_once(int length) {
    return length > 0 ? 1 : 0;
}

int attention_positions_at_once(int length) {
    return length > 0 ? length : 0;
}

int rnn_path_length(int i, int j) {
    return i >= j ? i - j : kNeverReaches;  // the mistake: information flows from i forwards to j
}

int attention_path_length(int i, int j) {
    return i == j ? 0 : 1;
}

}  // namespace attn
