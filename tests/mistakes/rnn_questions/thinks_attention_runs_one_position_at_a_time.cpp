// Wrong on purpose (suite only): attention counted as one position at a time.
#include <cstdlib>

#include "contracts/01_rnn_loop.hpp"

namespace attn {

int rnn_positions_at_once(int length) {
    return length > 0 ? 1 : 0;
}

int attention_positions_at_once([[maybe_unused]] int length) {
    return 1;  // the mistake: no query row waits for another
}

int rnn_path_length(int i, int j) {
    return i <= j ? j - i : kNeverReaches;
}

int attention_path_length(int i, int j) {
    return i == j ? 0 : 1;
}

}  // namespace attn
