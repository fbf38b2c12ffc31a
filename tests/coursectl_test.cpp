// Tests of coursectl, the checker behind ./course list/check/hint/reset.
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(coursectl)

#include <csignal>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <unistd.h>

#include "docs.hpp"
#include "guard.hpp"
#include "hints.hpp"
#include "manifest.hpp"
#include "process.hpp"
#include "progress.hpp"
#include "record.hpp"
#include "relied.hpp"
#include "report.hpp"
#include "sandbox.hpp"

using namespace course;

#ifndef ATTN_BUILD_DIR
#error "ATTN_BUILD_DIR must point at the build tree (its reference objects)"
#endif
#ifndef ATTN_SOURCE_DIR
#error "ATTN_SOURCE_DIR must point at the repository"
#endif

BOOST_AUTO_TEST_SUITE(manifest)

BOOST_AUTO_TEST_CASE(parses_blocks_in_order_with_every_hint) {
    const auto ex = parse_manifest(
        "# comment\n[01_x/a]\ntitle = A\nhint = one\nhint = two\n\n"
        "[02_y/b]\ntitle = B\nhint = only\n",
        "m");
    BOOST_TEST(ex.size() == 2u);
    BOOST_TEST(ex[0].name == "a");
    BOOST_TEST(ex[0].chapter == "01", "the chapter follows from the path");
    BOOST_TEST(ex[0].hints.size() == 2u);
    BOOST_TEST(ex[1].file == "02_y/b.cpp", "the file follows from the path");
}

BOOST_AUTO_TEST_CASE(reports_the_line_of_a_mistake) {
    try {
        parse_manifest("[01_x/a]\ntitle = t\nnonsense line\n", "m.txt");
        BOOST_FAIL("expected a ManifestError");
    } catch (const ManifestError& e) {
        BOOST_TEST(std::string(e.what()).find("m.txt:3:") == 0, e.what());
    }
    BOOST_CHECK_THROW(parse_manifest("[01_x/a]\ntitle = t\n", "m"), ManifestError);  // no hint
    BOOST_CHECK_THROW(parse_manifest("[01_x/a]\ntitle=t\nhint=h\n[02_y/a]\ntitle=t\nhint=h\n", "m"), ManifestError);
    BOOST_CHECK_THROW(parse_manifest("[a]\ntitle=t\nhint=h\n", "m"), ManifestError);           // not a path
    BOOST_CHECK_THROW(parse_manifest("[01_x/a]\nchapter=01\ntitle=t\nhint=h\n", "m"), ManifestError);  // said twice
}

BOOST_AUTO_TEST_CASE(selects_by_chapter_or_name_and_lists_what_exists) {
    const auto all = parse_manifest("[01_x/a]\ntitle=t\nhint=h\n[02_y/b]\ntitle=t\nhint=h\n", "m");
    BOOST_TEST(select(all, "").size() == 2u);
    BOOST_TEST(select(all, "1").at(0).name == "a");
    BOOST_TEST(select(all, "02").at(0).name == "b");
    BOOST_TEST(select(all, "b").at(0).name == "b");
    try {
        select(all, "zzz");
        BOOST_FAIL("expected invalid_argument");
    } catch (const std::invalid_argument& e) {
        BOOST_TEST(std::string(e.what()).find("exercises: a, b") != std::string::npos, e.what());
    }
}

BOOST_AUTO_TEST_CASE(the_real_manifest_and_the_exercise_files_agree) {
    namespace fs = std::filesystem;
    const std::string root = ATTN_SOURCE_DIR;
    const auto all = load_manifest(root + "/exercises/manifest.txt");
    BOOST_TEST(all.size() >= 3u);
    std::set<std::string> listed;
    for (const auto& e : all) {
        listed.insert(e.file);
        BOOST_TEST(fs::exists(root + "/exercises/" + e.file), e.file);
        BOOST_TEST(fs::exists(root + "/solutions/" + e.file), e.file);
        BOOST_TEST(e.hints.size() >= 2u, e.name << " should have at least two hints (hint is progressive)");
    }
    // the build makes an exercise of every file: each must be in the manifest too
    for (const auto& dir : fs::directory_iterator(root + "/exercises"))
        if (dir.is_directory())
            for (const auto& f : fs::directory_iterator(dir.path()))
                if (f.path().extension() == ".cpp") {
                    const std::string rel = dir.path().filename().string() + "/" + f.path().filename().string();
                    BOOST_TEST(listed.count(rel) == 1u, "exercises/" << rel << " is not in exercises/manifest.txt");
                }
}

BOOST_AUTO_TEST_CASE(reads_hints_for_single_checks_apart_from_the_general_ones) {
    const auto ex = parse_manifest(
        "[04_x/row]\ntitle = R\nhint = the formula\nhint for the_range_check_holds = per column\n"
        "hint = the loop\nhint for the_range_check_holds = inclusive\nhint for rejects_nan = require_finite\n",
        "m");
    BOOST_REQUIRE(ex.size() == 1u);
    const Exercise& e = ex[0];
    BOOST_TEST(e.hints == (std::vector<std::string>{"the formula", "the loop"}), "the general hints keep their order");
    BOOST_REQUIRE(e.case_hints.size() == 3u);
    BOOST_TEST(e.case_hints[0].case_name == "the_range_check_holds");
    BOOST_TEST(e.case_hints[0].text == "per column");
    BOOST_TEST(e.case_hints[0].line == 4, "the line is kept for messages");
    BOOST_TEST(e.case_hints[1].text == "inclusive");
    BOOST_TEST(e.case_hints[2].case_name == "rejects_nan");
}

BOOST_AUTO_TEST_CASE(refuses_a_hint_for_that_names_no_single_check) {
    auto refusal = [](const std::string& line) {
        try {
            parse_manifest("[01_x/a]\ntitle = t\nhint = h\n" + line + "\n", "m.txt");
        } catch (const ManifestError& e) {
            return std::string(e.what());
        }
        return std::string("(accepted)");
    };
    BOOST_TEST(refusal("hint for = text").find("m.txt:4: 'hint for' names one check") == 0u, refusal("hint for = text"));
    BOOST_TEST(refusal("hint for two names = text").find("'hint for' names one check") != std::string::npos);
    BOOST_TEST(refusal("hint for a-b = text").find("'hint for' names one check") != std::string::npos);
    BOOST_TEST(refusal("hint for rejects_nan =").find("has no text") != std::string::npos);
    BOOST_TEST(refusal("hint forrejects_nan = t").find("unknown key") != std::string::npos);
    // hints for single checks do not stand in for the general ones
    BOOST_CHECK_THROW(parse_manifest("[01_x/a]\ntitle = t\nhint for rejects_nan = h\n", "m"), ManifestError);
}

BOOST_AUTO_TEST_CASE(names_a_hint_for_a_check_that_the_suite_does_not_have) {
    const auto e = parse_manifest("[03_x/soft]\ntitle = t\nhint = h\nhint for rejects_nan = a\nhint for rejects_nun = b\n",
                                  "manifest.txt")
                       .at(0);
    const auto unknown = hints_for_unknown_cases(e, {"rows_sum_to_one", "rejects_nan"}, "manifest.txt");
    BOOST_REQUIRE(unknown.size() == 1u);
    BOOST_TEST(unknown[0] ==
               "manifest.txt:5: 'hint for rejects_nun': soft's suite has no check of that name (its checks: "
               "rows_sum_to_one, rejects_nan)");
    BOOST_TEST(hints_for_unknown_cases(e, {"rejects_nan", "rejects_nun"}, "m").empty());
}

// The real manifest against the real suites: the cases each chapter's module lists
// (build/test_NN --list_content, no learner code in it), as the checker reads them.
// It needs those programs built, so it is not part of the `coursectl` run (which the
// targeted build of test_coursectl alone serves) but its own test,
// coursectl.case_hints_name_real_checks (tests/checker.cmake), which names it.
BOOST_AUTO_TEST_CASE(every_case_hint_names_a_check_of_its_suite, *boost::unit_test::disabled()) {
    const std::string manifest = std::string(ATTN_SOURCE_DIR) + "/exercises/manifest.txt";
    std::size_t hints = 0;
    for (const auto& e : load_manifest(manifest)) {
        if (e.case_hints.empty()) continue;
        hints += e.case_hints.size();
        const std::string module = std::string(ATTN_BUILD_DIR) + "/test_" + e.chapter;
        BOOST_REQUIRE_MESSAGE(::access(module.c_str(), X_OK) == 0,
                              module << " is not built; cmake --build " << ATTN_BUILD_DIR << " --target test_" << e.chapter);
        const auto listed = run_process({module, "--list_content", "--run_test=" + e.name}, 60);
        const auto cases = listed_cases(listed.output, e.name);
        BOOST_TEST(!cases.empty(), module << " lists no cases of " << e.name << ":\n" << listed.output);
        for (const auto& line : hints_for_unknown_cases(e, cases, manifest)) BOOST_ERROR(line);
    }
    BOOST_TEST(hints >= 4u, "the manifest should hold hints for single checks (hint for CASE_NAME = ...)");
}

BOOST_AUTO_TEST_CASE(knows_which_exercises_a_file_calls_from_its_object_file) {
    // the reference self_attention calls chapter 06's scaled_dot_product_attention,
    // and nothing of chapter 07's own other exercises or of later chapters
    const auto all = load_manifest(std::string(ATTN_SOURCE_DIR) + "/exercises/manifest.txt");
    Reliance reliance(ATTN_BUILD_DIR, "sol_");
    const auto self = select(all, "self_attention").at(0);
    std::vector<std::string> names;
    for (const auto& x : reliance.called_by(self, all)) names.push_back(x.name);
    BOOST_TEST(std::count(names.begin(), names.end(), "scaled_dot_product_attention") == 1);
    for (const auto& n : names) BOOST_TEST(select(all, n).at(0).chapter <= self.chapter, n);
}

BOOST_AUTO_TEST_CASE(no_right_code_is_refused_by_name) {
    // right code, as the checker looks it over: with the names the shared libraries of a
    // program linked like a check (this one: Armadillo, Boost.Test, libstdc++, libc ...) export.
    // The reference solutions, and right code written otherwise (tests/right_as_learner/:
    // messages built in a string stream, ...), compiled as a learner's file is
    const auto libraries = linked_libraries(std::filesystem::read_symlink("/proc/self/exe").string());
    BOOST_TEST(libraries.size() >= 5u, "ldd lists the shared libraries of this program");
    BOOST_TEST(std::count_if(libraries.begin(), libraries.end(),
                             [](const std::string& l) { return l.find("libstdc++") != std::string::npos; }) == 1);
    std::vector<std::string> objects;  // (one nm for all)
    for (const auto& e : load_manifest(std::string(ATTN_SOURCE_DIR) + "/exercises/manifest.txt")) {
        const auto of = objects_of(ATTN_BUILD_DIR, "sol_" + e.name);
        BOOST_TEST(!of.empty(), e.name);
        objects.insert(objects.end(), of.begin(), of.end());
    }
    for (const auto& r : refused_symbols(objects, {}, libraries)) BOOST_ERROR("a reference solution is refused: " + r);
    const auto other = objects_of(ATTN_BUILD_DIR, "right_as_learner");
    BOOST_TEST(!other.empty(), "the objects of tests/right_as_learner/ are built beside this program");
    for (const auto& r : refused_symbols(other, {}, libraries)) BOOST_ERROR("right code of tests/right_as_learner/ is refused: " + r);
}

BOOST_AUTO_TEST_CASE(content_hash_tells_texts_apart) {
    BOOST_TEST(content_hash("abc") == content_hash("abc"));
    BOOST_TEST(content_hash("abc") != content_hash("abd"));
    BOOST_TEST(content_hash("").size() == 16u);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(processes)

BOOST_AUTO_TEST_CASE(reports_a_crash_by_its_signal) {
    const auto r = run_process({"sh", "-c", "kill -SEGV $$"}, 10);
    BOOST_TEST(r.signaled);
    BOOST_TEST(r.signal == SIGSEGV);
    BOOST_TEST(describe_signal(SIGSEGV).find("segmentation fault") == 0);
}

BOOST_AUTO_TEST_CASE(stops_an_endless_loop_at_the_time_limit) {
    const auto r = run_process({"sh", "-c", "while :; do :; done"}, 0.5);
    BOOST_TEST(r.timed_out);
}

BOOST_AUTO_TEST_CASE(keeps_the_start_and_the_end_of_huge_output) {
    const auto r = run_process({"sh", "-c", "echo first; head -c 3000000 /dev/zero; echo; echo last"}, 10, 1000);
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(r.total_output == 3000012u);
    BOOST_TEST(r.output.size() < 1100u, "kept " << r.output.size() << " bytes of a 1000-byte budget");
    BOOST_TEST(r.output.rfind("first\n", 0) == 0u, "the start is kept");
    BOOST_TEST(r.output.find("bytes not kept ...]") != std::string::npos, "the cut is marked");
    BOOST_TEST(r.output.substr(r.output.size() - 5) == "last\n", "the end is kept");
    const auto small = run_process({"sh", "-c", "echo one; echo two"}, 10, 1000);
    BOOST_TEST(small.output == "one\ntwo\n", "output under the budget is kept whole");
}

BOOST_AUTO_TEST_CASE(says_when_a_program_cannot_start) {
    const auto r = run_process({"/nonexistent/program"}, 5);
    BOOST_TEST(r.failed_to_start);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(containment)

// Where nothing contains the learner's code (the fallback without Landlock; COURSE_LANDLOCK=0
// plays a kernel without it), none of it is compiled or run but with --unsafe: the refusal
// says why, how to get a sandbox and how to run anyway, and the first line under --unsafe
// says what is then left open.
BOOST_AUTO_TEST_CASE(the_fallback_without_landlock_runs_only_with_unsafe) {
    ::setenv("COURSE_LANDLOCK", "0", 1);
    const Sandbox refused = Sandbox::detect("fallback");
    const Sandbox accepted = Sandbox::detect("fallback", /*unsafe=*/true);
    ::unsetenv("COURSE_LANDLOCK");
    BOOST_TEST(!refused.allowed());
    BOOST_TEST(refused.compile_mode() == "bwrap");  // nor compiled outside bubblewrap
    const std::string why = refused.refusal();
    for (const char* said : {"refused to run your code", "(your home folder, /tmp, /var/tmp, /dev/shm)",
                             "send signals to your other programs", "rewrite the record the checker keeps",
                             "apt-get install bubblewrap", "sysctl kernel.unprivileged_userns_clone=1",
                             "kernel.apparmor_restrict_unprivileged_userns=0", "Linux 5.13 or later with landlock",
                             "add --unsafe"})
        BOOST_TEST(why.find(said) != std::string::npos, "the refusal should say '" << said << "':\n" << why);
    BOOST_TEST(accepted.allowed());
    BOOST_TEST(accepted.describe().find("you accepted that with --unsafe") != std::string::npos, accepted.describe());
    BOOST_TEST(accepted.compile_mode() == (accepted.compile_sandboxed() ? "bwrap" : "outside"));
}

BOOST_AUTO_TEST_CASE(landlock_alone_is_enough_and_needs_no_unsafe) {
    if (landlock_abi() < 1) return;  // (a kernel without Landlock: the case above is the one that holds)
    const Sandbox fallback = Sandbox::detect("fallback");
    BOOST_TEST(fallback.allowed());
    BOOST_TEST(fallback.describe().find("Landlock keeps every file read-only") != std::string::npos);
    BOOST_TEST(fallback.describe().find("--unsafe") == std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(reports)

// A check program's record, as Boost.Test writes it: one suite "s" below the
// module, its cases with the given inner XML (events), and a report saying
// which passed. report_complete = false: the program stopped before the report.
struct Case {
    std::string name, events, result;
};
CheckInput record(int exit_code, const std::vector<Case>& cases, bool report_complete = true,
                  const std::string& printed = "") {
    std::string log = "<TestLog><TestSuite name=\"m\"><TestSuite name=\"s\">";
    std::string rep = "<TestResult><TestSuite name=\"m\" result=\"x\"><TestSuite name=\"s\" result=\"";
    bool all = true;
    for (const auto& c : cases) all = all && c.result == "passed";
    rep += all ? "passed\">" : "failed\">";
    for (const auto& c : cases) {
        log += "<TestCase name=\"" + c.name + "\">" + c.events + "<TestingTime>1</TestingTime></TestCase>";
        rep += "<TestCase name=\"" + c.name + "\" result=\"" + c.result + "\"></TestCase>";
    }
    log += "</TestSuite></TestSuite></TestLog>";
    rep += "</TestSuite></TestSuite></TestResult>";
    CheckInput in;
    in.process.exit_code = exit_code;
    in.process.output = printed;
    in.process.total_output = printed.size();
    in.record = parse_record(log, report_complete ? rep : "", "s");
    in.expected_cases = static_cast<int>(cases.size());
    return in;
}
std::string exception(const std::string& text) {
    return "<Exception file=\"unknown location\" line=\"0\"><![CDATA[" + text +
           "]]><LastCheckpoint file=\"t.cpp\" line=\"3\"><![CDATA[\"x\" test entry]]></LastCheckpoint></Exception>";
}
std::string error(const std::string& text) { return "<Error file=\"t.cpp\" line=\"5\"><![CDATA[" + text + "]]></Error>"; }

BOOST_AUTO_TEST_CASE(a_stub_is_not_started) {
    const std::string ni = "attn::NotImplemented: not implemented yet: rnn_step (exercises/01_rnn_loop/rnn_step.cpp)";
    const auto rep = interpret_check(record(201, {{"matches", exception(ni), "aborted"}, {"other", exception(ni), "aborted"}}));
    BOOST_TEST(static_cast<int>(rep.verdict) == static_cast<int>(Verdict::NotStarted));
    BOOST_TEST(rep.lines.size() == 1u, "the same message once, not once per test");
    BOOST_TEST(rep.lines.at(0) == "not implemented yet: rnn_step (exercises/01_rnn_loop/rnn_step.cpp)");
}

BOOST_AUTO_TEST_CASE(a_wrong_answer_shows_the_tests_message) {
    const auto rep = interpret_check(record(201, {{"loop", error("a 50-word sentence: you answered 50"), "failed"}}));
    BOOST_TEST(static_cast<int>(rep.verdict) == static_cast<int>(Verdict::Failing));
    BOOST_TEST(rep.lines.at(0) == "loop: a 50-word sentence: you answered 50");
}

BOOST_AUTO_TEST_CASE(a_failed_check_shows_its_message_not_the_expression) {
    const auto rep = interpret_check(
        record(201, {{"rows", error("check matrices_close(a, b, 1e-12, \"A\") has failed: A differs at row 0"), "failed"}}));
    BOOST_TEST(rep.lines.at(0) == "rows: A differs at row 0");
}

BOOST_AUTO_TEST_CASE(a_check_without_a_message_shows_values_not_the_expression) {
    const auto rep = interpret_check(record(
        201, {{"decodes", error("check show(got) == show({2, 3, 3, 3}) has failed [{2, 3} != {2, 3, 3, 3}]"), "failed"},
              {"other", error("critical check ok(x) has failed"), "aborted"}}));
    BOOST_TEST(rep.lines.at(0) == "decodes: your result is not what this check expects (it compared {2, 3} != {2, 3, 3, 3})");
    BOOST_TEST(rep.lines.at(1) == "other: your result is not what this check expects");
}

BOOST_AUTO_TEST_CASE(armadillos_shape_errors_point_to_the_shape_checks) {
    const auto rep = interpret_check(record(
        201, {{"rejects", exception("std::logic_error: matrix multiplication: incompatible matrix dimensions: 3x4 and 5x2"),
               "aborted"}}));
    BOOST_TEST(rep.lines.at(0).find("rejects: threw an exception: std::logic_error: matrix multiplication") == 0,
               rep.lines.at(0));
    BOOST_TEST(rep.lines.at(0).find("check the shapes first, with require_shapes") != std::string::npos, rep.lines.at(0));
}

BOOST_AUTO_TEST_CASE(an_exception_is_named_as_such) {
    const auto rep = interpret_check(record(201, {{"b", exception("std::out_of_range: index"), "aborted"}}));
    BOOST_TEST(static_cast<int>(rep.verdict) == static_cast<int>(Verdict::Failing));
    BOOST_TEST(rep.lines.at(0) == "b: threw an exception: std::out_of_range: index");
}

BOOST_AUTO_TEST_CASE(the_functions_own_refusal_of_valid_input_is_told_as_such) {
    // the suite is the exercise's function ("s" here): an escaped error whose message starts
    // with its name is the learner's own check, refusing what this check gave as valid
    const auto rep = interpret_check(
        record(201, {{"one_token", exception("std::invalid_argument: s: need at least two rows"), "aborted"},
                     {"inner", exception("std::invalid_argument: other: need at least two rows"), "aborted"}}));
    BOOST_TEST(rep.lines.at(0).find("one_token: threw an exception: std::invalid_argument: s: need") == 0, rep.lines.at(0));
    BOOST_TEST(rep.lines.at(0).find("a check of your own refusing input the contract accepts") != std::string::npos,
               rep.lines.at(0));
    // another function's refusal is not the learner's check of this one
    BOOST_TEST(rep.lines.at(1) == "inner: threw an exception: std::invalid_argument: other: need at least two rows");
}

BOOST_AUTO_TEST_CASE(xml_escapes_and_split_cdata_are_read_back) {
    // Boost.Test escapes attributes and splits "]]>" inside a message into two CDATA sections
    const auto rep = interpret_check(record(
        201, {{"a&amp;b", "<Error file=\"t.cpp\" line=\"1\"><![CDATA[x ]]]]><![CDATA[> y]]></Error>", "failed"}}));
    BOOST_TEST(rep.lines.at(0) == "a&b: x ]]> y");
}

BOOST_AUTO_TEST_CASE(crash_timeout_and_success) {
    CheckInput crash;
    crash.process.signaled = true;
    crash.process.signal = SIGSEGV;
    BOOST_TEST(interpret_check(crash).lines.at(0).find("crashed: segmentation fault") == 0);
    CheckInput slow;
    slow.process.timed_out = true;
    BOOST_TEST(interpret_check(slow).lines.at(0).find("did not finish in 10 s") == 0);
    BOOST_TEST(static_cast<int>(interpret_check(record(0, {{"a", "", "passed"}})).verdict) ==
               static_cast<int>(Verdict::Done));
}

BOOST_AUTO_TEST_CASE(exit_code_zero_without_a_report_is_not_a_pass) {
    // the learner's code called exit(0): every case so far passed, but there is no report
    auto in = record(0, {{"a", "", "passed"}, {"b", "", "passed"}}, false);
    in.expected_cases = 12;
    const auto rep = interpret_check(in);
    BOOST_TEST(static_cast<int>(rep.verdict) == static_cast<int>(Verdict::StoppedEarly));
    BOOST_TEST(rep.lines.at(0) ==
               "stopped before its checks finished (exit code 0 after 2 of 12 checks): does your code call exit()?");
}

BOOST_AUTO_TEST_CASE(a_report_without_every_case_passed_is_not_a_pass) {
    BOOST_TEST(static_cast<int>(interpret_check(record(0, {{"a", "", "passed"}, {"b", "", "skipped"}})).verdict) ==
               static_cast<int>(Verdict::Failing));
    BOOST_TEST(static_cast<int>(interpret_check(record(0, {})).verdict) != static_cast<int>(Verdict::Done),
               "a suite with no cases proves nothing");
    BOOST_TEST(static_cast<int>(interpret_check(record(3, {{"a", "", "passed"}})).verdict) ==
               static_cast<int>(Verdict::Failing), "all passed, then exit(3): not a pass");
}

BOOST_AUTO_TEST_CASE(printed_text_is_never_read_as_a_verdict) {
    const std::string fake = "mistake [made_up_slip]: fake\nt.cpp(1): error: in \"s/a\": fake\n*** No errors detected\n";
    const auto wrong = interpret_check(record(201, {{"a", error("differs at row 0"), "failed"}}, true, fake));
    BOOST_TEST(wrong.diagnoses.empty());
    BOOST_TEST(static_cast<int>(wrong.verdict) == static_cast<int>(Verdict::Failing));
    const auto right = interpret_check(record(0, {{"a", "", "passed"}}, true, fake));
    BOOST_TEST(static_cast<int>(right.verdict) == static_cast<int>(Verdict::Done));
}

BOOST_AUTO_TEST_CASE(going_over_the_memory_limit_is_said) {
    auto in = record(201, {{"a", exception("std::bad_alloc: std::bad_alloc"), "aborted"}});
    in.memory_limit = std::size_t(2) << 30;
    const auto rep = interpret_check(in);
    BOOST_TEST(static_cast<int>(rep.verdict) == static_cast<int>(Verdict::TooMuchMemory));
    BOOST_TEST(rep.lines.at(0).find("used more than 2 GiB of memory") == 0, rep.lines.at(0));
}

BOOST_AUTO_TEST_CASE(counts_the_cases_listed_below_a_suite) {
    const std::string listed = "m*\n    s*\n        a*\n        b*\n    t*\n        c*\n";
    BOOST_TEST(count_listed_cases(listed, "s") == 2);
    BOOST_TEST(count_listed_cases("s*\n    a*\n    b*\n    c*\n", "s") == 3, "with --run_test the module line is left out");
    BOOST_TEST(count_listed_cases(listed, "zzz") == -1);
}

BOOST_AUTO_TEST_CASE(memory_sizes_read_and_print) {
    BOOST_TEST(parse_bytes("2G") == std::size_t(2) << 30);
    BOOST_TEST(parse_bytes("512M") == std::size_t(512) << 20);
    BOOST_TEST(parse_bytes("1.5GiB") == std::size_t(3) << 29);
    BOOST_TEST(describe_bytes(std::size_t(2) << 30) == "2 GiB");
    BOOST_TEST(describe_bytes(std::size_t(256) << 20) == "256 MiB");
    BOOST_CHECK_THROW(parse_bytes("lots"), std::invalid_argument);
    BOOST_CHECK_THROW(parse_bytes("-1G"), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(a_failure_after_megabytes_of_printing_is_still_reported) {
    // A learner's debugging loop prints 3 MB, then the test fails: the verdict comes from the record.
    auto in = record(201, {{"shape", error("Q is 3x3, expected 3x4"), "failed"}});
    in.process = run_process(
        {"sh", "-c",
         "i=0; while [ $i -lt 30000 ]; do echo 'row 7 of my debugging output, printed again and again...........'; "
         "i=$((i+1)); done; exit 201"},
        30);
    BOOST_TEST(in.process.total_output > 1000000u);
    const auto rep = interpret_check(in);
    BOOST_TEST(static_cast<int>(rep.verdict) == static_cast<int>(Verdict::Failing));
    BOOST_TEST(rep.lines.at(0) == "shape: Q is 3x3, expected 3x4");
    BOOST_TEST(rep.lines.back().find("only the start and the end were kept") != std::string::npos, rep.lines.back());
}

BOOST_AUTO_TEST_CASE(first_build_error_is_file_line_and_message) {
    const std::string log =
        "[ 10%] Building CXX object ...\n"
        "/repo/exercises/01_rnn_loop/rnn_step.cpp: In function 'f':\n"
        "/repo/exercises/01_rnn_loop/rnn_step.cpp:17:5: error: 'hh' was not declared in this scope\n"
        "/repo/exercises/01_rnn_loop/rnn_step.cpp:18:5: error: second\n";
    BOOST_TEST(first_build_error(log, "/repo") ==
               "exercises/01_rnn_loop/rnn_step.cpp:17:5: error: 'hh' was not declared in this scope");
    BOOST_TEST(first_build_error("x.o: undefined reference to `attn::f()'\n", "/repo") ==
               "link error: undefined reference to `attn::f()'");
}

// A whole record of suite "s": the log and the report of `cases`, and the progress lines
// with the outcome each case ended with (a case whose `outcome` is empty gets no "end" line).
struct Channel {
    std::string name, log_events, reported, outcome;
    long failed = 0;
};
CheckRecord three_channels(const std::vector<Channel>& cases, bool log_kept = true) {
    std::string log = "<TestLog><TestSuite name=\"m\"><TestSuite name=\"s\">", progress;
    std::string rep = "<TestResult><TestSuite name=\"m\" result=\"passed\"><TestSuite name=\"s\" result=\"passed\">";
    for (const auto& c : cases) {
        log += "<TestCase name=\"" + c.name + "\">" + c.log_events + "<TestingTime>1</TestingTime></TestCase>";
        rep += "<TestCase name=\"" + c.name + "\" result=\"" + c.reported + "\"/>";
        progress += "start s/" + c.name + "\n";
        if (!c.outcome.empty()) progress += "end " + c.outcome + " " + std::to_string(c.failed) + " s/" + c.name + "\n";
    }
    log += "</TestSuite></TestSuite></TestLog>";
    rep += "</TestSuite></TestSuite></TestResult>";
    return parse_record(log_kept ? log : "", rep, "s", progress + "finish\n");
}

BOOST_AUTO_TEST_CASE(progress_lines_carry_each_cases_outcome) {
    const auto rec = parse_record("", "", "s", "start s/a\nend failed 3 s/a\nstart s/b c\nend passed 0 s/b c\nstart s/d\nend s/d\n");
    BOOST_REQUIRE(rec.logged.size() == 3u);
    BOOST_TEST(rec.logged[0].outcome == "failed");
    BOOST_TEST(rec.logged[0].assertions_failed == 3);
    BOOST_TEST(rec.logged[1].name == "b c");
    BOOST_TEST(rec.logged[1].outcome == "passed");
    BOOST_TEST(rec.logged[2].finished, "an end without an outcome still ends the case");
    BOOST_TEST(rec.logged[2].outcome.empty());
    BOOST_TEST(!rec.logged[0].in_log, "only the log itself says a case is in the log");
}

BOOST_AUTO_TEST_CASE(a_pass_needs_the_report_the_progress_outcomes_and_the_log_to_agree) {
    // Boost.Test's own record of a pass, and of a failure: all three say the same
    BOOST_TEST(channels_disagree(three_channels({{"a", "", "passed", "passed", 0}, {"b", "", "passed", "passed", 0}})).empty());
    BOOST_TEST(channels_disagree(three_channels({{"a", error("differs"), "failed", "failed", 1}})).empty());
    BOOST_TEST(channels_disagree(three_channels({{"a", exception("std::runtime_error: x"), "aborted", "aborted", 1}})).empty());
    // a report written in place of Boost.Test's: the outcomes say the checks failed
    const auto forged = channels_disagree(three_channels({{"a", error("differs"), "passed", "failed", 1}}));
    BOOST_TEST(forged.find("its report says the check a passed, but when it ended Boost.Test had it failed") == 0, forged);
    // ... and with the log lost as well, or the outcomes missing
    BOOST_TEST(!channels_disagree(three_channels({{"a", "", "passed", "failed", 1}}, false)).empty());
    BOOST_TEST(channels_disagree(three_channels({{"a", "", "passed", "", 0}})).find("never told") != std::string::npos);
    // the outcomes agree with a rewritten report, but the log holds the failure
    const auto logged = channels_disagree(three_channels({{"a", error("differs"), "passed", "passed", 0}}));
    BOOST_TEST(logged.find("its log holds 1 error of it") != std::string::npos, logged);
    // the log gone (pointed at /dev/null): nothing shows the case ran
    const auto no_log = channels_disagree(three_channels({{"a", "", "passed", "passed", 0}}, false));
    BOOST_TEST(no_log.find("its log does not show it ran to its end") != std::string::npos, no_log);
    // a failure the report does not call a pass, though the outcome said passed
    BOOST_TEST(!channels_disagree(three_channels({{"a", "", "failed", "passed", 0}})).empty());
    // no complete report: nothing to agree with (the verdict is not a pass anyway)
    BOOST_TEST(channels_disagree(parse_record("", "", "s", "start s/a\nend failed 1 s/a\n")).empty());
}

BOOST_AUTO_TEST_CASE(printable_text_reaches_no_terminal_as_a_command_or_a_verdict) {
    BOOST_TEST(printable("plain text: a = b, 3 x 4") == "plain text: a = b, 3 x 4");
    BOOST_TEST(printable("\x1b[2J\rA\nB\x7f") == "?[2J?A?B?", "C0 controls and DEL");
    BOOST_TEST(printable("A\x9b" "1AB\x8d" "C") == "A?1AB?C", "single C1 bytes, which are not UTF-8");
    BOOST_TEST(printable("A\xc2\x9b" "2K") == "A?2K", "C1 controls written as UTF-8");
    BOOST_TEST(printable("\xff\xfe\xc3\xe2\x82") == "?????", "bytes that are not UTF-8, and sequences cut short");
    BOOST_TEST(printable("\xc0\xaf\xed\xa0\x80\xf4\x90\x80\x80") == "?????????", "overlong forms, surrogates, past U+10FFFF");
    BOOST_TEST(printable("a\xe2\x80\xaez\xe2\x81\xa6y\xe2\x80\x8f\xe2\x80\x8e\xd8\x9c\xef\xbb\xbf\xe2\x80\xa8") == "a?z?y?????",
               "bidi controls, invisible format characters, a line separator");
    BOOST_TEST(printable("\xe2\x9c\x93 01 rnn_step done \xe2\x9c\x97 \xe2\x9c\x94 \xe2\x9c\x98 \xe2\x88\x9a \xe2\x9c\x85") ==
               "? 01 rnn_step done ? ? ? ? ?", "verdict marks and their look-alikes");
    BOOST_TEST(printable("d\xc3\xa9j\xc3\xa0 \xe2\x80\x94 \xce\xb1\xc2\xb7\xce\xb2 \xe4\xb8\xad \xf0\x9f\x99\x82") ==
                   "d\xc3\xa9j\xc3\xa0 \xe2\x80\x94 \xce\xb1\xc2\xb7\xce\xb2 \xe4\xb8\xad \xf0\x9f\x99\x82",
               "letters, dashes and signs of any language pass");
    BOOST_TEST(printable("a  b\tc" + std::string(300, ' ') + "d\t\t\te\xc2\xa0\xe2\x80\x83\xe3\x80\x80" "f ") == "a  b c d e f ",
               "two blanks stay; a longer run of blanks (tabs, Unicode's spaces) is one");
    BOOST_TEST(printable(printable("x\x9b" + std::string(9, ' ') + "\xe2\x9c\x93")) == "x? ?", "printable twice is printable once");
}

BOOST_AUTO_TEST_CASE(a_long_line_on_a_terminal_stays_below_its_verdict) {
    BOOST_TEST(screen_rows("a b", "      ", 0) == std::vector<std::string>{"      a b"}, "not a terminal: one line");
    const std::string padded = "rnn_step/a: threw: " + std::string(200, '.') + "\xe2\x9c\x93 01 rnn_step done";
    const auto rows = screen_rows(padded, "      ", 80);
    BOOST_TEST(rows.size() > 2u);
    for (const auto& r : rows) {
        BOOST_TEST(r.rfind("      ", 0) == 0, "every row starts with the indent: " + r);
        BOOST_TEST(r.size() <= 80u, r);
        BOOST_TEST(r.find("\xe2\x9c\x93") == std::string::npos, r);
    }
    // broken at blanks where it can; characters other than ASCII count as two columns
    const auto words = screen_rows("one two three four five six", "  ", 20);
    BOOST_TEST(words == (std::vector<std::string>{"  one two three four", "    five six"}));
    std::string chinese;
    for (int i = 0; i < 30; ++i) chinese += "\xe4\xb8\xad";
    const auto wide = screen_rows(chinese, "", 10);
    BOOST_TEST(wide.size() > 6u);
    for (const auto& r : wide) BOOST_TEST(r.size() <= 15u, "at most 10 columns, a character of 2 columns being 3 bytes");
}

BOOST_AUTO_TEST_CASE(what_the_guard_did_is_shown_whatever_else_is_cut) {
    auto in = record(201, {{"a", error("first"), "failed"}, {"b", error("second"), "failed"}, {"c", error("third"), "failed"},
                           {"d", error("mistake [slip]: a known slip"), "failed"}});
    in.guard_lines = {"changed while the check ran, and kept as they are now (if you did not save them yourself, your "
                      "code did; ...): exercises/01_rnn_loop/rnn_forward.cpp"};
    const auto rep = interpret_check(in);
    BOOST_REQUIRE(rep.diagnoses.size() == 1u);
    const auto shown = shown_lines(rep);
    BOOST_REQUIRE(shown.size() == 5u);
    BOOST_TEST(shown[0] == "mistake: a known slip");
    BOOST_TEST(shown[3] == "(and 1 more failing checks)");
    BOOST_TEST(shown[4] == in.guard_lines[0]);
    // with every verdict: a stub (not started), Boost.Test's own setup error
    auto stub = record(201, {{"a", exception("attn::NotImplemented: not implemented yet: rnn_step (exercises/01_rnn_loop/rnn_step.cpp)"), "aborted"}});
    stub.guard_lines = in.guard_lines;
    BOOST_TEST(shown_lines(interpret_check(stub)).back() == in.guard_lines[0]);
    CheckInput setup;
    setup.process.exit_code = 200;
    setup.guard_lines = in.guard_lines;
    BOOST_TEST(shown_lines(interpret_check(setup)).back() == in.guard_lines[0]);
}

BOOST_AUTO_TEST_CASE(readme_block_must_appear_in_order) {
    const std::string readme = "text\n<!-- expected output -->\n```text\nline a\nline b\n...\nline z\n```\n";
    BOOST_TEST(compare_expected_output(readme, "x\nline a\nline b\nq\nr\nline z\n").empty());
    BOOST_TEST(!compare_expected_output(readme, "line a\nq\nline b\nline z\n").empty(), "a and b must be adjacent");
    BOOST_TEST(!compare_expected_output(readme, "line a\nline b\n").empty(), "z is missing");
    BOOST_TEST(!compare_expected_output("no block here\n", "x").empty(), "a README without a block is an error");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(hints)

// An exercise with two general hints and hints for two of its checks.
Exercise with_case_hints() {
    return parse_manifest(
               "[04_x/row]\ntitle = t\nhint = general 1\nhint = general 2\n"
               "hint for range_check = range 1\nhint for range_check = range 2\nhint for rejects_nan = nan 1\n",
               "m")
        .at(0);
}

// Asks for hints as ./course hint does: each choice counted in `seen` (hints.txt).
std::vector<std::string> ask(const Exercise& e, const std::vector<std::string>& failing,
                             std::map<std::string, std::string>& seen, int times) {
    std::vector<std::string> texts;
    for (int i = 0; i < times; ++i) {
        const HintChoice h = choose_hint(e, failing, seen);
        texts.push_back(h.text + (h.last ? " (last)" : ""));
        seen[h.counter] = std::to_string(h.number);
    }
    return texts;
}

BOOST_AUTO_TEST_CASE(without_a_failing_check_the_general_hints_come_one_by_one) {
    std::map<std::string, std::string> seen;
    BOOST_TEST(ask(with_case_hints(), {}, seen, 3) ==
                   (std::vector<std::string>{"general 1", "general 2 (last)", "general 2 (last)"}),
               "as before: one more each time, then the last again");
    BOOST_TEST(seen.at("row") == "2");
}

BOOST_AUTO_TEST_CASE(the_hints_for_the_failing_check_come_first_then_the_general_ones) {
    std::map<std::string, std::string> seen;
    const auto first = choose_hint(with_case_hints(), {"range_check"}, seen);
    BOOST_TEST(first.for_case == "range_check");
    BOOST_TEST(first.number == 1u);
    BOOST_TEST(first.of == 2u);
    BOOST_TEST(first.counter == "row/range_check");
    BOOST_TEST(ask(with_case_hints(), {"range_check"}, seen, 5) ==
               (std::vector<std::string>{"range 1", "range 2", "general 1", "general 2 (last)", "general 2 (last)"}));
}

BOOST_AUTO_TEST_CASE(each_failing_check_with_hints_gets_its_turn_in_the_order_they_ran) {
    std::map<std::string, std::string> seen;
    BOOST_TEST(ask(with_case_hints(), {"rejects_nan", "a_check_without_hints", "range_check"}, seen, 5) ==
               (std::vector<std::string>{"nan 1", "range 1", "range 2", "general 1", "general 2 (last)"}));
}

BOOST_AUTO_TEST_CASE(general_hints_already_seen_are_not_shown_again_before_the_checks_own) {
    std::map<std::string, std::string> seen = {{"row", "1"}};  // general 1 was shown before the check failed
    BOOST_TEST(ask(with_case_hints(), {"range_check"}, seen, 3) ==
               (std::vector<std::string>{"range 1", "range 2", "general 2 (last)"}));
}

BOOST_AUTO_TEST_CASE(a_failing_check_without_hints_of_its_own_gets_the_general_ones) {
    std::map<std::string, std::string> seen;
    const auto h = choose_hint(with_case_hints(), {"a_check_without_hints"}, seen);
    BOOST_TEST(h.for_case.empty());
    BOOST_TEST(h.text == "general 1");
}

BOOST_AUTO_TEST_CASE(the_failing_checks_are_read_from_the_record) {
    using reports::error;
    using reports::exception;
    using reports::record;
    const auto failing = interpret_check(record(201, {{"first", "", "passed"},
                                                       {"range_check", error("check z(1) in range has failed"), "failed"},
                                                       {"rejects_nan", exception("std::runtime_error: boom"), "aborted"}}));
    BOOST_TEST(failing.failing_cases == (std::vector<std::string>{"range_check", "rejects_nan"}));
    // a stub is not a failure of any one check: its hints are the general ones
    const std::string ni = "attn::NotImplemented: not implemented yet: rnn_step (exercises/01_rnn_loop/rnn_step.cpp)";
    BOOST_TEST(interpret_check(record(201, {{"a", exception(ni), "aborted"}})).failing_cases.empty());
    BOOST_TEST(interpret_check(record(0, {{"a", "", "passed"}})).failing_cases.empty());
    // a crash: the case that started and never ended
    CheckInput crashed = record(0, {{"first", "", "passed"}}, false);
    crashed.record = parse_record("", "", "s", "start s/first\nend s/first\nstart s/range_check\n");
    crashed.process.signaled = true;
    crashed.process.signal = SIGSEGV;
    const auto rep = interpret_check(crashed);
    BOOST_TEST(static_cast<int>(rep.verdict) == static_cast<int>(Verdict::Crashed));
    BOOST_TEST(rep.failing_cases == (std::vector<std::string>{"range_check"}));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(watching)

// Chapters 01 (a, b), 08 (c, d), 09 (e) and 10 (f), in course order.
std::vector<Exercise> six() {
    std::string text;
    for (const char* path : {"01_x/a", "01_x/b", "08_y/c", "08_y/d", "09_z/e", "10_w/f"})
        text += std::string("[") + path + "]\ntitle = t\nhint = h\n";
    return parse_manifest(text, "m");
}

BOOST_AUTO_TEST_CASE(a_number_is_a_chapter_and_a_name_one_exercise) {
    const auto all = six();
    BOOST_TEST(static_cast<int>(watch_scope(all, "").kind) == static_cast<int>(WatchScope::Kind::Course));
    const auto chapter = watch_scope(all, "9");
    BOOST_TEST(static_cast<int>(chapter.kind) == static_cast<int>(WatchScope::Kind::Chapter),
               "a chapter of one exercise is still a chapter");
    BOOST_TEST(chapter.chapter == "09");
    const auto one = watch_scope(all, "c");
    BOOST_TEST(static_cast<int>(one.kind) == static_cast<int>(WatchScope::Kind::Exercise));
    BOOST_TEST(one.exercise == "c");
    BOOST_CHECK_THROW(watch_scope(all, "07"), std::invalid_argument);
    BOOST_CHECK_THROW(watch_scope(all, "zzz"), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(a_chapter_is_watched_until_it_is_done_and_then_the_next_chapter_is_named) {
    const auto all = six();
    const auto ch08 = watch_scope(all, "08");
    std::vector<bool> done = {false, false, false, false, false, false};
    BOOST_TEST(next_unfinished(all, done, ch08, 0) == 2u, "the chapter's first unfinished exercise");
    done[2] = true;  // c passes
    BOOST_TEST(next_unfinished(all, done, ch08, 3) == 3u);
    BOOST_TEST(!chapter_done(all, done, "08"));
    done[3] = true;  // d passes: the chapter is done, and the watch must not run on into chapter 09
    BOOST_TEST(next_unfinished(all, done, ch08, 4) == all.size(), "nothing is left to watch in chapter 08");
    BOOST_TEST(chapter_done(all, done, "08"));
    BOOST_TEST(scope_done_line(all, done, ch08) == "chapter 08 is done: every exercise passes; next: ./course watch 09");
    done[4] = true;  // with 09 done as well, the next is the first unfinished chapter after it, round to the start
    BOOST_TEST(scope_done_line(all, done, ch08) == "chapter 08 is done: every exercise passes; next: ./course watch 10");
    done[5] = true;
    BOOST_TEST(scope_done_line(all, done, ch08) == "chapter 08 is done: every exercise passes; next: ./course watch 01");
    done = {true, true, true, true, true, true};
    BOOST_TEST(scope_done_line(all, done, ch08) ==
               "chapter 08 is done: every exercise passes; every exercise is done. Well done!");
}

BOOST_AUTO_TEST_CASE(an_exercise_is_watched_until_it_passes_and_then_the_next_unfinished_is_named) {
    const auto all = six();
    std::vector<bool> done = {false, false, false, false, false, false};
    const auto a = watch_scope(all, "a");
    BOOST_TEST(next_unfinished(all, done, a, 0) == 0u);
    done[0] = true;
    BOOST_TEST(next_unfinished(all, done, a, 1) == all.size(), "one exercise asked for: nothing more to watch");
    BOOST_TEST(scope_done_line(all, done, a) == "a is done: every check passes; next: ./course watch b");
    done[1] = true;
    BOOST_TEST(scope_done_line(all, done, watch_scope(all, "b")) ==
               "b is done: every check passes, and so is chapter 01; next: ./course watch c");
}

BOOST_AUTO_TEST_CASE(the_whole_course_is_watched_through_chapter_after_chapter) {
    const auto all = six();
    const WatchScope course;
    std::vector<bool> done = {true, false, false, true, false, false};
    BOOST_TEST(next_unfinished(all, done, course, 0) == 1u);
    done[1] = true;  // chapter 01 is done: the watch says so and goes on into chapter 08
    BOOST_TEST(chapter_done(all, done, "01"));
    BOOST_TEST(chapter_done_line("01") == "chapter 01 is done: every exercise passes");
    BOOST_TEST(next_unfinished(all, done, course, 2) == 2u);
    BOOST_TEST(next_unfinished(all, {true, true, true, true, true, false}, course, 0) == 5u);
    BOOST_TEST(next_unfinished(all, {false, true, true, true, true, true}, course, 3) == 0u, "round to the start");
    BOOST_TEST(scope_done_line(all, {true, true, true, true, true, true}, course) == "every exercise is done. Well done!");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(diagnoses)

using reports::error;
using reports::record;

BOOST_AUTO_TEST_CASE(a_known_mistake_is_named_first_and_once) {
    const std::string m = "mistake [another_made_up_slip]: softmax ran down the columns";
    const auto rep = interpret_check(record(201, {{"a", error("row 0 sums to 1.7"), "failed"},
                                                  {"b", error(m), "failed"},
                                                  {"c", error(m), "failed"}}));
    BOOST_TEST(static_cast<int>(rep.verdict) == static_cast<int>(Verdict::Failing));
    BOOST_TEST(rep.diagnoses.size() == 1u);
    BOOST_TEST(rep.diagnoses.at(0).id == "another_made_up_slip");
    BOOST_TEST(rep.lines.at(0) == "mistake: softmax ran down the columns");
    BOOST_TEST(rep.lines.at(1) == "a: row 0 sums to 1.7");
}

BOOST_AUTO_TEST_SUITE_END()

// The document checks of coursectl doc-check, on small texts of their own.
BOOST_AUTO_TEST_SUITE(documents)

namespace {
CourseNames small_course() {
    CourseNames n;
    n.exercises = {"scores", "softmax_rows"};
    n.exercise_chapters = {{"scores", "04"}, {"softmax_rows", "03"}};
    n.mistakes = {"made_up_slip"};
    n.plots = {"04_weights_heatmap"};
    n.chapters = {"03", "04"};
    return n;
}
std::string coverage_table(const std::string& extra_row) {
    std::string t = "| item | in the tutorial | § | covered by | ch |\n|---|---|---|---|---|\n";
    for (int i = 0; i < 5; ++i) t += "| Try it | t | 1 | `exercise:scores` | 04 |\n";
    for (int i = 0; i < 7; ++i) t += "| Think for a moment | t | 1 | `exercise:softmax_rows` | 03 |\n";
    for (int i = 0; i < 7; ++i) t += "| Common mistake | t | 1 | `mistake:made_up_slip` | 04 |\n";
    for (int f = 1; f <= 13; ++f) t += "| Figure " + std::to_string(f) + " | f | 1 | `plot:04_weights_heatmap` | 04 |\n";
    return t + extra_row;
}
bool says(const std::vector<std::string>& problems, const std::string& text) {
    for (const auto& p : problems)
        if (p.find(text) != std::string::npos) return true;
    return false;
}
}  // namespace

BOOST_AUTO_TEST_CASE(a_complete_coverage_table_holds) {
    const auto problems = check_coverage(coverage_table(""), small_course());
    BOOST_TEST(problems.empty(), "unexpected: " << (problems.empty() ? "" : problems[0]));
}

BOOST_AUTO_TEST_CASE(the_coverage_check_names_what_does_not_exist_or_is_missing) {
    const auto problems =
        check_coverage(coverage_table("| Beyond the tutorial | x | — | `exercise:nope` `mistake:gone` `plot:99_x` | 04 |\n"
                                      "| Figure 3 | again | 1 | `output:04` | 04 |\n"
                                      "| Try it | wrong chapter | 1 | `exercise:scores` | 03 |\n"),
                       small_course());
    BOOST_TEST(says(problems, "there is no exercise 'nope'"));
    BOOST_TEST(says(problems, "mistake 'gone' is not declared"));
    BOOST_TEST(says(problems, "draws plot '99_x'"));
    BOOST_TEST(says(problems, "Figure 3 has more than one row"));
    BOOST_TEST(says(problems, "the table has 6 'Try it' rows; the tutorial has 5"));
    BOOST_TEST(says(problems, "exercise 'scores' belongs to chapter 04, which the row does not list"));
    const auto without = check_coverage("| item | a | b | c | d |\n|---|---|---|---|---|\n| Try it | t | 1 | `exercise:scores` | 04 |\n",
                                        small_course());
    BOOST_TEST(says(without, "exercise 'softmax_rows' appears in no row"));
    BOOST_TEST(says(without, "Figure 1 has no row"));
}

BOOST_AUTO_TEST_CASE(the_bad_input_table_must_name_real_tests) {
    std::string table = "| input | what you see | exit | test |\n|---|---|---|---|\n";
    for (int i = 0; i < 20; ++i) table += "| x | y | 2 | `attend.names_the_width_rule` |\n";
    table += "| z | w | 2 | `attend.no_such_test`, `ch04.plot_x` (with gnuplot) |\n";
    const auto problems = check_bad_input(table, {"attend.names_the_width_rule"});
    BOOST_TEST(problems.size() == 1u, "one unknown test, the gnuplot-only one excused; got " << problems.size());
    BOOST_TEST(says(problems, "names the test attend.no_such_test, which does not exist"));
    BOOST_TEST(says(check_bad_input("| a | b |\n|---|---|\n| c | d |\n", {}), "found only 1 rows"));
}

BOOST_AUTO_TEST_CASE(a_chapter_table_is_made_from_the_manifest_and_put_between_its_markers) {
    const auto ex = parse_manifest("[03_softmax/softmax_rows]\ntitle = Softmax\nsummary = each row\nhint = h\n"
                                   "[04_attention_by_hand/scores]\ntitle = Scores\nhint = h\n",
                                   "m");
    const std::string t = chapter_table(ex, "03");
    BOOST_TEST(t.find("| `softmax_rows` | `exercises/03_softmax/softmax_rows.cpp` | each row |") != std::string::npos);
    BOOST_TEST(t.find("scores") == std::string::npos, "only chapter 03's exercises");
    const std::string readme = std::string("intro\n") + kTableBegin + "\nold\n" + kTableEnd + "\nafter\n";
    const std::string now = with_chapter_table(readme, t, "README.md");
    BOOST_TEST(now.find("old") == std::string::npos);
    BOOST_TEST((now.rfind("intro\n", 0) == 0 && now.find("\nafter\n") != std::string::npos), "the rest is kept");
    BOOST_CHECK_THROW(with_chapter_table("no markers", t, "README.md"), std::runtime_error);
}

BOOST_AUTO_TEST_CASE(the_catalogue_is_read_entry_by_entry_and_listed_by_chapter) {
    const std::string file = "ATTN_MISTAKE(made_up_slip, \"scores attention_weights\",\n"
                             "             \"the scores were not \\\"divided\\\" \"\n"
                             "             \"by sqrt(d_k)\");\n";
    const auto entries = catalogue_entries(file);
    BOOST_REQUIRE(entries.size() == 1u);
    BOOST_TEST(entries[0].id == "made_up_slip");
    BOOST_TEST(entries[0].exercises == "scores attention_weights");
    BOOST_TEST(entries[0].sentence == "the scores were not \"divided\" by sqrt(d_k)");
    BOOST_TEST(catalogue_ids(file) == std::vector<std::string>{"made_up_slip"});
    const std::string page = mistakes_page({{"04_attention_by_hand.hpp", file}});
    BOOST_TEST(page.find("## Chapter 04, attention_by_hand") != std::string::npos);
    BOOST_TEST(page.find("- `made_up_slip` (scores attention_weights): the scores were not") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_named_path_must_exist_and_a_chapter_keeps_its_number) {
    namespace fs = std::filesystem;
    const fs::path root = fs::temp_directory_path() / ("attn-docs-" + std::to_string(::getpid()));
    fs::create_directories(root / "src/core");
    fs::create_directories(root / "chapters/12_encoder_decoder");
    fs::create_directories(root / "chapters/08_positional_encoding");
    std::ofstream(root / "src/core/errors.hpp") << "";
    // (written in pieces, so that this file itself names no missing path nor wrong chapter)
    const std::string gone = std::string("src/core/") + "gone.cpp", eight = std::string("chapter 0") + "8's";
    std::ofstream(root / "doc.md") << "see src/core/errors.hpp and src/core/errors (its header), " << gone << ",\n"
                                      "the patterns tests/mistakes/<exercise>/<id>.cpp and chapters/NN_topic/README.md,\n"
                                      "https://example.org/src/x.cpp, and " << eight << " encoder-decoder; chapter 12's\n"
                                      "encoder-decoder is right.\n";
    const auto problems = check_paths(root.string(), {"doc.md"});
    fs::remove_all(root);
    std::string all;
    for (const auto& p : problems) all += "\n  " + p;
    BOOST_TEST(problems.size() == 2u, "a missing path and a wrong chapter; got" << all);
    BOOST_TEST(says(problems, "names " + gone + ", which does not exist"));
    BOOST_TEST(says(problems, "names " + eight.substr(0, 10) + " for encoder-decoder, which is chapter 12's"));
}

BOOST_AUTO_TEST_SUITE_END()
