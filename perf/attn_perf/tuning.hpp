// tuning.hpp: the settings a program may opt into from main(): threads for
// the kernel, OpenBLAS's thread count, glibc's allocator.
//
// Part of attn_perf (perf/), which only programs that want it link: the
// benchmark, chapter 01 (its timing step) and chapter 12 (its training). The
// teaching library, the exercises, the solutions and the model never call
// anything here, so what they compute and how fast they run with plain
// Armadillo is what a learner reads in src/.
#pragma once

#include <cstddef>
#include <functional>

namespace attn::perf {

// Sets how many threads the tuned code may use: OpenBLAS's (when the BLAS in use
// is OpenBLAS) and parallel_for's. Returns false when the BLAS is not OpenBLAS
// (its thread count is then left alone). The first call also makes OpenBLAS's
// idle workers sleep right after each job instead of polling for about 0.1 s
// (OPENBLAS_THREAD_TIMEOUT=4 unless the user set it; see tuning.cpp), so that
// a 1-thread run after a 2-thread one has its core to itself.
bool set_threads(int threads);

// The count set by set_threads (1 until it is called).
int thread_count();

// Calls body(begin, end) on consecutive pieces of [0, n), spread over
// thread_count() threads (the calling thread and helpers), when n *
// cost_per_item is large enough to pay for waking helpers; otherwise runs
// body(0, n) on the calling thread. Threads claim pieces one at a time, so a
// helper that gets no core (the machine is busy) only means the calling
// thread does more of them. The helpers sleep between calls, never spin, so
// they take no core from OpenBLAS (spinning OpenMP threads made 2 threads
// slower than 1 here). While they run, OpenBLAS is set to one thread, and a
// parallel_for called from inside one runs on the calling thread alone. An
// exception thrown by body on any thread reaches the caller.
void parallel_for(std::size_t n, double cost_per_item, const std::function<void(std::size_t, std::size_t)>& body);

// Asks glibc, once per process, to keep freed memory for reuse instead of
// returning it to the system (and to serve blocks up to 32 MiB from its heap):
// code that allocates the same large matrices again and again then stops
// paying page faults for them. Changes no result. Called by attention() and by
// tune_for_training().
void keep_freed_memory();

// What chapter 12's training program (and the benchmark's training row) sets
// before it starts: OpenBLAS on one thread (the model's products are small)
// and keep_freed_memory(). Changes no result, only the speed.
void tune_for_training();

// Median wall seconds of fn (after one warm-up, `repeats` runs) with
// set_threads(1) and with set_threads(2); leaves set_threads(1).
struct ThreadTimes {
    double one = 0, two = 0;
};
ThreadTimes time_on_1_and_2_threads(const std::function<void()>& fn, int repeats);

}  // namespace attn::perf
