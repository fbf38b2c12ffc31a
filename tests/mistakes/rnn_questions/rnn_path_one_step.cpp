// Wrong on purpose (suite only): the loop given attention's path length, one step for any pair.
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
    return i == j ? 0 : 1;  // the mistake: the loop moves one position per step
}

int attention_path_length(int i, int j) {
    return i == j ? 0 : 1;
}

}  // namespace attn
