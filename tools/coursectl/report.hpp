// report.hpp: turning compiler logs and test output into sentences.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "process.hpp"
#include "record.hpp"

namespace course {

// The first compiler or linker error in a build log, as
//   "exercises/01_rnn_loop/rnn_step.cpp:12:5: error: 'hh' was not declared in this scope"
// with the build directory's absolute prefix removed; "" when none is found.
std::string first_build_error(const std::string& log, const std::string& root);

enum class Verdict {
    Done,
    NotStarted,
    Failing,
    Crashed,
    TimedOut,
    StoppedEarly,   // ended before its record was complete (exit(), quick_exit(), _exit())
    TooMuchMemory,  // went over the memory limit
    DoesNotCompile,
    CouldNotRun,
    Refused         // its file defines what is not the exercise's, or its record is not the check's own
};

struct Diagnosis {
    std::string id;           // tests/catalogue/
    std::string explanation;  // what the learner reads
};

struct CheckReport {
    Verdict verdict = Verdict::CouldNotRun;
    std::vector<std::string> lines;      // what to tell the learner, most useful first
    std::vector<Diagnosis> diagnoses;    // known mistakes recognised, each once
    // The exercise's checks (test cases) its code failed, crashed or stopped in, in the
    // order they ran: where the hints for those checks come first (hints.hpp). Empty
    // when the code ran no case to a failure (done, not started, refused, not run).
    std::vector<std::string> failing_cases;
    // What the fingerprint found changed while the check ran and did about it (FolderGuard),
    // also among `lines`: shown whatever else is cut (shown_lines).
    std::vector<std::string> guard_lines;
};

// Everything known about one run of an exercise's check program.
struct CheckInput {
    ProcessResult process;                 // how it ended (its output is only shown, never parsed)
    CheckRecord record;                    // what its own Boost.Test record says (record.hpp)
    int expected_cases = -1;               // the suite's test cases (--list_content), -1 unknown
    double timeout_seconds = 10;
    std::size_t memory_limit = 0;          // bytes; 0 = none
    std::vector<std::string> guard_lines;  // files that changed while it ran, and what was done (FolderGuard)
    std::string doubts;                    // why its record cannot be the check's own (record_doubts)
    bool out_of_memory = false;            // the memory cgroup ended it
    bool record_too_large = false;         // its log or report went past the checker's cap
};

// Done only when the record says that every test case of the exercise ran to
// its end and passed, and the program then exited with 0.
CheckReport interpret_check(const CheckInput& in);

// The cases of the record that did not pass: an error, a failed check or an exception
// logged in them, a start without an end (a crash, a time limit), a report that says so.
std::vector<std::string> failing_cases(const CheckRecord& record);

// Text that a learner's program wrote, made safe to show: whatever a terminal could take
// for a command or that could pass for the checker's own words becomes '?': bytes that are
// not UTF-8 (a lone 0x9b is CSI, 0x8d RI, on a terminal not in UTF-8 mode), control
// characters (C0, DEL and C1, U+0080-U+009F: escape sequences that move the cursor or
// recolour a line), Unicode's bidi controls (U+200E, U+200F, U+202A-U+202E, U+2066-U+2069,
// U+061C), its other invisible format characters and line separators (U+200B-U+200D,
// U+2028, U+2029, U+2060-U+2064, U+FEFF, ...) and the marks of a verdict and their
// look-alikes (✓ ✔ ✗ ✘ ✕ ✖ ☑ ☒ ✅ ❌ ❎ √ 🗸). A tab is a blank, and a run of more than two
// blanks (any of Unicode's spaces) becomes one.
std::string printable(const std::string& text);

// The lines below a verdict as check and watch show them: a recognised mistake says most,
// then a couple of the failing checks (diagnoses + 2 lines with a diagnosis, 6 without, 3
// for other verdicts), "(and N more failing checks)" for the rest, and then what the guard
// did to the course's files (rep.guard_lines), always, whatever else was cut.
std::vector<std::string> shown_lines(const CheckReport& rep);

// One line below a verdict as the screen gets it: printable(), after `indent`. On a
// terminal `width` columns wide (0: not a terminal, nothing is broken) a longer line is
// broken, at a blank where it can, into rows that each begin with the indent (the second
// and later with two blanks more), so that no row of text a program wrote starts where a
// verdict line starts. Every character other than ASCII counts as two columns (the most
// it can take), so that the terminal itself never wraps a row.
std::vector<std::string> screen_rows(const std::string& line, const std::string& indent, std::size_t width);

// "done", "not started", ... as shown by ./course list and check.
std::string verdict_word(Verdict v);

// The README check: every line of each block marked `<!-- expected output -->`
// must appear in `output`, consecutive lines consecutively; a line holding only
// "..." allows any lines in between. Returns "" when all match, otherwise what
// did not, in words.
std::string compare_expected_output(const std::string& readme, const std::string& output);

}  // namespace course
