// timing.hpp: the clocks and the timing harness every benchmark of bench/ uses.
//
// On a shared machine a time alone says little: other programs come and go.
// So fast things are timed in rounds (time_in_rounds), one sample of each in
// turn, and compared round by round (paired_ratio): a slow moment of the
// machine then falls on all of them alike.
#pragma once

#include <chrono>
#include <functional>
#include <vector>

namespace attn::bench {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start);

// CPU time of the calling thread: unlike wall time it stops while other
// programs have the core. Meaningful for 1-thread runs only (helpers' time is
// not in it).
double thread_cpu_seconds();

// CPU time of all the process's threads: minus the calling thread's, what the
// others (OpenBLAS's workers, parallel_for's helpers) used meanwhile. In a
// 1-thread sample it should be 0: a 1-thread run must not share its core with
// threads of its own.
double process_cpu_seconds();

double median(std::vector<double> v);

// One thing to time: `setup` runs before each sample, untimed (e.g. set the
// thread count), then `run` is timed.
struct Timed {
    std::function<void()> setup, run;
};

struct Medians {
    std::vector<double> wall, cpu;             // seconds per call, one per item
    std::vector<double> others_cpu;            // CPU seconds per call of the process's other threads
    std::vector<std::vector<double>> samples;  // wall seconds per call, per item and round
};

// Median seconds per call of each of `items`, measured in rounds: each round
// takes one sample of every item in turn. A sample repeats a fast call until
// it lasts about 0.2 ms (clock resolution and call overhead then stop
// mattering). `budget` is roughly the seconds all rounds may take (5 to 201
// rounds).
Medians time_in_rounds(const std::vector<Timed>& items, double budget);

// Median over rounds of samples[a][r] / samples[b][r]: two items compared
// round by round, so that slow drifts of the machine's load cancel out.
double paired_ratio(const Medians& m, std::size_t a, std::size_t b);

// For slow calls (the plain loops at large shapes): the median of 3 runs, or of
// more while they fit in `budget` seconds; a single run when one takes over a
// second (at L = 2048 one run takes several seconds, and its noise is small
// beside that).
double time_slow(const std::function<void()>& fn, double budget);

}  // namespace attn::bench
