// commands.hpp: the commands of coursectl, and what they share: the options
// of one call and the state the course keeps in .course/.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "manifest.hpp"
#include "report.hpp"
#include "sandbox.hpp"

#ifndef ATTN_CHECK_TIMEOUT
#define ATTN_CHECK_TIMEOUT 10
#endif

namespace course {

// What one check may use at most, unless --memory or COURSE_CHECK_MEMORY says otherwise.
constexpr std::size_t kDefaultMemory = std::size_t(2) << 30;  // 2 GiB

struct Options {
    std::string command;
    std::string root = ".";
    std::string build = "build";
    std::vector<std::string> args;   // positional
    std::vector<std::string> after;  // after "--"
    double timeout = ATTN_CHECK_TIMEOUT;
    std::size_t memory = kDefaultMemory;
    std::string sandbox = "auto";  // auto | bwrap | fallback (sandbox.hpp)
    std::string state;             // where .course/ lives; default ROOT/.course
    std::string objects;           // check-program: the object library of the learner's part
    std::string trusted;           // the program that lists an exercise's cases (default BUILD/test_NN)
    bool yes = false;
    bool unsafe = false;           // --unsafe: run the learner's code where nothing can contain it (sandbox.hpp)
    std::vector<std::string> given;  // the options the command line gave, for the check below
};

// Refuses, by name, an option the command does not take ("./course list --timeout 5").
void require_options_of(const Options& o);

Options parse(int argc, char** argv);

std::string exercise_path(const Options& o, const Exercise& e);
std::string state_dir(const Options& o);
std::string topic_of(const Exercise& e);                        // "01_rnn_loop/..." -> "rnn_loop"
std::map<std::string, std::string> load_status(const Options& o);  // .course/status.txt, damage said and mended
std::map<std::string, std::string> load_hints(const Options& o);   // .course/hints.txt, likewise
std::map<std::string, std::string> load_failing(const Options& o);  // .course/failing.txt, likewise
void show_hint(const Options& o, const Exercise& e);

// checking.cpp: check, watch and the suite's checks of stubs and mistakes
int cmd_check(const Options& o);
int cmd_watch(const Options& o);
int cmd_check_program(const Options& o);
int cmd_expect_stub(const Options& o);
int cmd_expect_versions(const Options& o);
int cmd_sandbox(const Options& o);

// learner.cpp: list, hint, reset; the suite's README and build-log helpers
int cmd_list(const Options& o);
int cmd_hint(const Options& o);
int cmd_reset(const Options& o);
int cmd_readme_check(const Options& o);
int cmd_explain_build(const Options& o);

// scaffold.cpp: the files of a new exercise (for contributors)
int cmd_new_exercise(const Options& o);
// expect_run.cpp: the suite's check of a program run end to end (its own options)
int cmd_expect_run(int argc, char** argv);

}  // namespace course
