// serve.hpp: `bench --serve-training`, chapter 12's reversal training on
// request, for bench/pytorch_side.py to time in rounds alternating with
// PyTorch's, so that both sides' figures come from the same minutes of a noisy
// machine. One command per line on standard input, one answer per line on
// standard output, after a first line "ready <the model>, batch 64":
//   block N     N training steps (1 to 100000) of one model kept from block to
//               block, 1 thread -> "<wall seconds per step> <thread CPU seconds per step>"
//   target SEED fresh weights (seed 1 to 1000) trained to 99% exact match as
//               time_to_target does -> "<seconds> <steps> <1 if reached, else 0>"
//   quit
// A line it cannot read is answered "error: ..." (and the server goes on); the
// end of input ends it too.
#pragma once

namespace attn::bench {

// Serves until quit or the end of standard input; returns the exit status (0).
int serve_training();

}  // namespace attn::bench
