// Wrong on purpose (suite only): one step from a position to itself.
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
    return i <= j ? j - i : kNeverReaches;
}

int attention_path_length([[maybe_unused]] int i, [[maybe_unused]] int j) {
    return 1;  // the mistake: from i to i there is nothing to travel
}

}  // namespace attn
