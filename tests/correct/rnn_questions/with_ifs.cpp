// Right, written another way (suite only): the answers with if statements and std::min.
#include <algorithm>

#include "contracts/01_rnn_loop.hpp"

namespace attn {

int rnn_positions_at_once(int length) { return std::min(length, 1); }

int attention_positions_at_once(int length) { return length; }

int rnn_path_length(int i, int j) {
    if (j < i) return kNeverReaches;  // the loop never carries anything backwards
    return j - i;
}

int attention_path_length(int i, int j) {
    if (i == j) return 0;
    return 1;
}

}  // namespace attn
