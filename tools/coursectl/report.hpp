// report.hpp: turning compiler logs and test output into sentences.
#pragma once

#include <string>
#include <vector>

#include "process.hpp"

namespace course {

// The first compiler or linker error in a build log, as
//   "exercises/01_rnn_loop/rnn_step.cpp:12:5: error: 'hh' was not declared in this scope"
// with the build directory's absolute prefix removed; "" when none is found.
std::string first_build_error(const std::string& log, const std::string& root);

enum class Verdict { Done, NotStarted, Failing, Crashed, TimedOut, DoesNotCompile, CouldNotRun };

struct Diagnosis {
    std::string id;           // tests/mistakes.hpp
    std::string explanation;  // what the learner reads
};

struct CheckReport {
    Verdict verdict = Verdict::CouldNotRun;
    std::vector<std::string> lines;      // what to tell the learner, most useful first
    std::vector<Diagnosis> diagnoses;    // known mistakes recognised, each once
};

// Reads the result of running one exercise's check program.
CheckReport interpret_check(const ProcessResult& run, double timeout_seconds);

// "done", "not started", ... as shown by ./course list and check.
std::string verdict_word(Verdict v);

// The README check: every line of each block marked `<!-- expected output -->`
// must appear in `output`, consecutive lines consecutively; a line holding only
// "..." allows any lines in between. Returns "" when all match, otherwise what
// did not, in words.
std::string compare_expected_output(const std::string& readme, const std::string& output);

}  // namespace course
