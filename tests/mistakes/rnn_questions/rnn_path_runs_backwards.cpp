// Wrong on purpose (mistake rnn_path_runs_backwards): the loop's path length taken as |i - j|.
#include <cstdlib>

#include "contracts/01_rnn_loop.hpp"

namespace attn {

// Position t waits for position t-1, whatever the hardware: one at a time.
int rnn_positions_at_once(int length) { return length > 0 ? 1 : 0; }

// Every query row of Q K^T is independent of the others: all of them at once.
int attention_positions_at_once(int length) { return length > 0 ? length : 0; }

// Information walks forwards, one step per position, and never back.
int rnn_path_length(int i, int j) { return std::abs(i - j); }  // slip: a distance, both ways

// One attention pass connects every pair directly, whatever their distance.
int attention_path_length(int i, int j) { return i == j ? 0 : 1; }

}  // namespace attn
