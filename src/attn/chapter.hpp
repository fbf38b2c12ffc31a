// chapter.hpp: what every chapter program shares: its command line and its
// way of reporting errors in plain words.
//
//   chNN [--plots DIR] [--no-plots] [--quick] [--root DIR]
//     --plots DIR  where figures go (default: plots)
//     --no-plots   draw nothing
//     --quick      skip the slow measurements (what the tests use)
//     --root DIR   the repository root (the course script passes it)
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "attn/plot.hpp"

namespace attn {

struct ChapterOptions {
    std::string plots_dir = "plots";
    bool plots = true;
    bool quick = false;
    bool mine = false;  // set by the build: this binary runs on the learner's exercises
    std::string root = ".";
    // A chapter's own flags that take a value (chapter 08: --translate TEXT),
    // by flag name; only the flags the chapter declared are accepted.
    std::map<std::string, std::string> values;
};

using ChapterBody = std::function<void(const ChapterOptions&, plot::Plotter&)>;

// Parses the options above, plus the chapter's own `value_flags` (each followed
// by a value); throws std::invalid_argument on an unknown one.
ChapterOptions parse_chapter_options(int argc, char** argv, bool mine,
                                     const std::vector<std::string>& value_flags = {});

// Runs `body`, turning what it throws into one clear line on stderr and an exit
// code: NotImplemented -> 3 (with what to do next), ShapeError/InputError -> 2,
// anything else -> 1. Returns 0 when the body finishes.
int run_chapter_program(int argc, char** argv, bool mine, const std::string& readme, const ChapterBody& body,
                        const std::vector<std::string>& value_flags = {});

// The build compiles each chapter's main.cpp twice: once on the reference
// solutions, once with ATTN_MINE=1 on the learner's exercises.
#ifndef ATTN_MINE
#define ATTN_MINE 0
#endif
inline int run_chapter(int argc, char** argv, const std::string& readme, const ChapterBody& body,
                       const std::vector<std::string>& value_flags = {}) {
    return run_chapter_program(argc, argv, ATTN_MINE != 0, readme, body, value_flags);
}

// Median wall time of `fn` in seconds over `repeats` runs (after one warm-up).
double median_seconds(const std::function<void()>& fn, int repeats);

// Sets how many threads the library may use: OpenBLAS's (when the BLAS in use
// is OpenBLAS) and parallel_for's. Returns false when the BLAS is not OpenBLAS
// (its thread count is then left alone).
bool set_threads(int threads);

// The count set by set_threads (1 until it is called).
int thread_count();

// While it lives, OpenBLAS uses `threads` threads, whatever set_threads said;
// parallel_for's count is left alone. For code whose matrix products are too
// small to share between cores but whose independent pieces are not (chapter
// 08's training step: products of at most 576 x 48, and 64 sequences).
class BlasThreads {
public:
    explicit BlasThreads(int threads);
    ~BlasThreads();
    BlasThreads(const BlasThreads&) = delete;
    BlasThreads& operator=(const BlasThreads&) = delete;

private:
    int before_;
};

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

}  // namespace attn
