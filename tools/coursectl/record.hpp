// record.hpp: what a check program's own Boost.Test record says.
//
// The checker never reads verdicts from what a program prints: the learner's
// code prints to the same stdout. Instead each check program writes Boost.Test's
// XML log and XML report to descriptors only the checker holds (see sandbox.hpp),
// and this reads them. The report is written after the last test case, so a
// program that stops early (exit(), a crash) has none: a pass rests on the
// report, never on an exit code. (What that does and does not rule out:
// docs/CONTAINMENT.md, "What a ✓ means".)
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace course {

// One message Boost.Test logged inside a test case.
struct LoggedEvent {
    enum class Kind { Error, FatalError, Exception, Warning, Message };
    Kind kind = Kind::Error;
    std::string text;
};

// One test case of the exercise's suite, as the log and the progress lines saw it.
struct LoggedCase {
    std::string name;
    bool finished = false;  // its closing entry was written (log or progress): it ran to its end
    std::vector<LoggedEvent> events;
    bool in_log = false;    // the log itself holds its closing entry
    // How it ended as Boost.Test's results collector recorded it when it ended, from the
    // progress observer ("end" lines): "passed", "failed", "aborted", "skipped",
    // "timed_out"; "" when no such line came. With the assertions that failed in it.
    std::string outcome;
    long assertions_failed = -1;
};

// One test case as the final report counts it.
struct ReportedCase {
    std::string name;
    std::string result;  // "passed", "failed", "aborted", "skipped", ...
};

struct CheckRecord {
    std::string suite;                   // the exercise's suite: its function's name
    std::vector<LoggedCase> logged;      // in the order they started
    bool report_found = false;           // the report holds this suite
    std::string suite_result;            // the suite's own result in the report
    std::vector<ReportedCase> reported;  // every case of the suite the report lists
    std::string exited_in;               // the case in which exit() or quick_exit() ended the program
};

// Reads the XML log and report (either may be empty or cut short) for the
// test suite named `suite`, the exercise's own suite directly below the module.
// `progress` holds the unbuffered lines of tests/check_progress.hpp, which survive an
// _exit() that loses the log's buffer: "start suite/case", "end RESULT FAILED suite/case"
// (the case's outcome and how many assertions failed in it), "exit suite/case", "finish".
CheckRecord parse_record(const std::string& log_xml, const std::string& report_xml, const std::string& suite,
                         const std::string& progress = "");

// Whether the three channels of a complete record say the same of every case its report
// lists: the report's result, the outcome the progress observer sent when the case ended
// (as Boost.Test's results collector had it), and the errors the log holds for it. A case
// the report calls passed must have ended "passed" on the progress socket and have run to
// its end in the log without an error, a failed check or an exception; a case the report
// calls anything else must not have ended "passed". "" when they agree (or there is no
// complete report to agree with); otherwise how they differ, in words. A report written
// in place of Boost.Test's own, or Boost.Test's own rewritten on its way out, ends here:
// the progress lines and the log keep what really happened. (Code that imitates the
// whole record protocol is not stopped by this: docs/CONTAINMENT.md.)
std::string channels_disagree(const CheckRecord& record);

// How many test cases `--list_content` shows below the suite `suite`
// (its output in Boost's plain format); -1 when the suite is not listed.
int count_listed_cases(const std::string& list_output, const std::string& suite);

// The names of the test cases `--list_content` shows below the suite `suite`.
std::vector<std::string> listed_cases(const std::string& list_output, const std::string& suite);

// Whether a record can be Boost.Test's own, by what the checker saw while it came
// (RecordStreams::syncs: each case's start and the end of all cases, with how much
// report had been written by then) and by the cases a program without the learner's
// code lists (`trusted_cases`; empty when unknown). "" when it can; otherwise why
// not, in words. Cheap forgeries end here: a report written before or while the
// cases ran (a static initializer, atexit, a thread, a forked process), a second
// report, a report of other cases. (Code that imitates the whole protocol is not
// stopped by this: docs/CONTAINMENT.md.)
std::string record_doubts(const std::string& report_xml, const std::vector<std::pair<std::string, std::size_t>>& syncs,
                          const CheckRecord& record, const std::string& suite,
                          const std::vector<std::string>& trusted_cases);

// The Boost.Test arguments that make a check program write its record to
// descriptors 3 (log) and 4 (report); its progress goes to descriptor 5
// (the environment variable below).
std::vector<std::string> record_arguments();
constexpr const char* kProgressEnv = "ATTN_CHECK_PROGRESS_FD=5";

}  // namespace course
