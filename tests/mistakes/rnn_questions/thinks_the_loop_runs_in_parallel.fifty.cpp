// Wrong on purpose (suite only): all 50 words of the chapter's sentence counted as running at once.
#include <cstdlib>

#include "contracts/01_rnn_loop.hpp"

namespace attn {

int rnn_positions_at_once([[maybe_unused]] int length) {
    return 50;  // the mistake: step t waits for step t - 1, whatever the length
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
