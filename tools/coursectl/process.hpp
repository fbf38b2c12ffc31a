// process.hpp: run a program with a time limit and a cap on what it prints.
//
// A learner's check may loop forever, crash, print megabytes or start
// processes of its own; none of that may take the checker down with it, and
// none of it may outlive the run (see sandbox.hpp for the containment).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace course {

struct ProcessResult {
    int exit_code = -1;        // valid when !signaled && !timed_out
    int signal = 0;            // the signal that ended it, when signaled
    bool signaled = false;
    bool timed_out = false;    // killed after the time limit
    bool interrupted = false;  // stopped because the learner pressed Ctrl-C (see interrupted())
    bool failed_to_start = false;
    std::string start_error;   // why it could not start, when failed_to_start (from the child itself)
    std::string output;        // stdout and stderr interleaved: all of it, or its first and last
                               // max_output / 2 bytes with a "[... N bytes not kept ...]" line between
    std::size_t total_output = 0;  // bytes printed in all, kept or not
};

// A check program's record (record.hpp), read by the checker through the descriptors
// it holds while the program runs: never re-opened by a path, each capped in size.
struct RecordStreams {
    int log = -1, report = -1, progress = -1;  // the checker's ends (progress: a socket, answered)
    std::size_t cap = std::size_t(8) << 20;    // per stream; what comes past it is read and dropped
    std::string log_data, report_data, progress_data;
    bool too_large = false;
    // Each "start ..." and "finish" line on the progress socket is answered only after
    // the log and the report have been read up to that moment: how much report there
    // was then. (A report that exists before the last case ended was not Boost.Test's.)
    std::vector<std::pair<std::string, std::size_t>> syncs;
    bool unanswered = false;  // a line came while an answer was still unread: not the observer's
};

struct ProcessSpec {
    std::vector<std::string> argv;      // argv[0] is looked up on PATH
    double timeout_seconds = 10;
    std::size_t max_output = 1 << 20;
    std::string working_dir;            // "" = the caller's
    std::size_t memory_limit = 0;       // bytes of address space (RLIMIT_AS); 0 = none
    std::vector<int> extra_fds;         // the child gets these as descriptors 3, 4, ...
    std::vector<std::string> env;       // "NAME=value" added to the child's environment
    bool new_session = false;           // setsid(): its own session, no controlling terminal
    bool clean_env = false;             // only PATH, the locale, ATTN_* and sanitizer settings pass on
    std::size_t max_file = 0;           // RLIMIT_FSIZE, bytes; 0 = the memory limit (when there is one)
    // Run in the child just before exec (the containment's own locks); a non-empty
    // answer is why it cannot run, and the run ends as "could not start".
    std::function<std::string()> before_exec;
    RecordStreams* records = nullptr;   // read concurrently with the output (contained runs)
};

// Runs the program in its own process group, so that a timeout or Ctrl-C
// also stops anything it started in that group.
ProcessResult run_process(const ProcessSpec& spec);
ProcessResult run_process(const std::vector<std::string>& argv, double timeout_seconds,
                          std::size_t max_output = 1 << 20, const std::string& working_dir = "");

// Ctrl-C, SIGTERM and SIGHUP stop the running child's whole process group at
// once (a build, or a check) and make every later run_process return at once
// with `interrupted` set. Call once, early in main().
void stop_children_on_interrupt();
bool interrupted();  // true once one of those signals arrived
int interrupting_signal();  // which one (SIGINT: Ctrl-C), 0 before any

// "segmentation fault (SIGSEGV)", "aborted (SIGABRT)", ...
std::string describe_signal(int signal);

}  // namespace course
