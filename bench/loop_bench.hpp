// loop_bench.hpp: benchmark 2, the recurrent loop against one attention pass
// (chapter 01's figure, measured here): d = 64, L from 8 to 2048, 1 and 2 threads.
#pragma once

#include <vector>

#include "labs/rnn_loop_lab.hpp"
#include "options.hpp"

namespace attn::bench {

// Times chapter 01's loop and the kernel (fewer lengths with --quick) and prints the table.
std::vector<rnn_loop_lab::Timing> bench_loop(const Options& o);

}  // namespace attn::bench
