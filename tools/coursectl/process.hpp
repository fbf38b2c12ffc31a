// process.hpp: run a program with a time limit and a cap on what it prints.
//
// A learner's check may loop forever, crash, or print megabytes; none of that
// may take the checker down with it.
#pragma once

#include <string>
#include <vector>

namespace course {

struct ProcessResult {
    int exit_code = -1;        // valid when !signaled && !timed_out
    int signal = 0;            // the signal that ended it, when signaled
    bool signaled = false;
    bool timed_out = false;    // killed after the time limit
    bool failed_to_start = false;
    std::string output;        // stdout and stderr interleaved: all of it, or its first and last
                               // max_output / 2 bytes with a "[... N bytes not kept ...]" line between
    std::size_t total_output = 0;  // bytes printed in all, kept or not
};

// Runs argv[0] (looked up on PATH) with the given arguments, in its own
// process group so that a timeout also stops anything it started.
ProcessResult run_process(const std::vector<std::string>& argv, double timeout_seconds,
                          std::size_t max_output = 1 << 20, const std::string& working_dir = "");

// "segmentation fault (SIGSEGV)", "aborted (SIGABRT)", ...
std::string describe_signal(int signal);

}  // namespace course
