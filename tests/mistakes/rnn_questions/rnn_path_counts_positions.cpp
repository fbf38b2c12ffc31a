// Wrong on purpose (suite only): the positions from i to j counted, both ends included.
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
    return i <= j ? j - i + 1 : kNeverReaches;  // the mistake: steps, not positions
}

int attention_path_length(int i, int j) {
    return i == j ? 0 : 1;
}

}  // namespace attn
