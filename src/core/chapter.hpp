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

#include "core/plot.hpp"

namespace attn {

struct ChapterOptions {
    std::string plots_dir = "plots";
    bool plots = true;
    bool quick = false;
    bool mine = false;  // set by the build: this binary runs on the learner's exercises
    std::string root = ".";
    // A chapter's own flags that take a value (chapter 12: --translate TEXT),
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
// anything else -> 1. Returns 0 when the body finishes, after a last line that
// points to the chapter's README, unless one of `answer_flags` was given: such a
// run answers one question (chapter 12's --translate) and ends with its answer.
int run_chapter_program(int argc, char** argv, bool mine, const std::string& readme, const ChapterBody& body,
                        const std::vector<std::string>& value_flags = {},
                        const std::vector<std::string>& answer_flags = {});

// Whether this program was linked with the learner's exercises (chNN_mine) or the
// reference solutions (chNN). A chapter's main.cpp is compiled once; the program links
// one of two one-line objects that define this (chapters/on_learner_code.cpp,
// chapters/on_reference.cpp), so the answer comes from what was linked.
bool runs_on_learner_code();

inline int run_chapter(int argc, char** argv, const std::string& readme, const ChapterBody& body,
                       const std::vector<std::string>& value_flags = {},
                       const std::vector<std::string>& answer_flags = {}) {
    return run_chapter_program(argc, argv, runs_on_learner_code(), readme, body, value_flags, answer_flags);
}

// Median wall time of `fn` in seconds over `repeats` runs (after one warm-up).
double median_seconds(const std::function<void()>& fn, int repeats);

}  // namespace attn
