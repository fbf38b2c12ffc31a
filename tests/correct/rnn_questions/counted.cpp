// Right, written another way (suite only): the path length counted step by step, as the loop walks.
#include "contracts/01_rnn_loop.hpp"

namespace attn {

int rnn_positions_at_once(int length) { return length >= 1 ? 1 : 0; }

int attention_positions_at_once(int length) { return length < 0 ? 0 : length; }

int rnn_path_length(int i, int j) {
    int steps = 0;
    for (int at = i; at != j; ++at) {
        if (at > j) return kNeverReaches;
        ++steps;
    }
    return steps;
}

int attention_path_length(int i, int j) { return i != j ? 1 : 0; }

}  // namespace attn
