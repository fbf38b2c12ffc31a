// Wrong on purpose (suite only): attention taken to link earlier positions to later ones only.
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
    return i == j ? 0 : (i < j ? 1 : kNeverReaches);  // the mistake: without a mask it works both ways
}

}  // namespace attn
