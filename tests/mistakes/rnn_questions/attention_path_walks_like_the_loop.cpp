// Wrong on purpose (suite only): attention paths measured like the loop: one step per position in between.
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

int attention_path_length(int i, int j) {
    return std::abs(i - j);  // the mistake: one layer links every pair directly
}

}  // namespace attn
