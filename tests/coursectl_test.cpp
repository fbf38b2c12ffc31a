// Tests of coursectl, the checker behind ./course list/check/hint/reset.
#define BOOST_TEST_MODULE coursectl
#include <boost/test/unit_test.hpp>

#include <csignal>
#include <filesystem>

#include "manifest.hpp"
#include "process.hpp"
#include "report.hpp"

using namespace course;

#ifndef ATTN_SOURCE_DIR
#error "ATTN_SOURCE_DIR must point at the repository"
#endif

BOOST_AUTO_TEST_SUITE(manifest)

BOOST_AUTO_TEST_CASE(parses_blocks_in_order_with_every_hint) {
    const auto ex = parse_manifest(
        "# comment\n[a]\nchapter = 01\nfile = 01_x/a.cpp\ntitle = A\nhint = one\nhint = two\n\n"
        "[b]\nchapter = 02\nfile = 02_y/b.cpp\ntitle = B\nhint = only\n",
        "m");
    BOOST_TEST(ex.size() == 2u);
    BOOST_TEST(ex[0].name == "a");
    BOOST_TEST(ex[0].hints.size() == 2u);
    BOOST_TEST(ex[1].file == "02_y/b.cpp");
}

BOOST_AUTO_TEST_CASE(reports_the_line_of_a_mistake) {
    try {
        parse_manifest("[a]\nchapter = 01\nnonsense line\n", "m.txt");
        BOOST_FAIL("expected a ManifestError");
    } catch (const ManifestError& e) {
        BOOST_TEST(std::string(e.what()).find("m.txt:3:") == 0, e.what());
    }
    BOOST_CHECK_THROW(parse_manifest("[a]\nchapter = 01\n", "m"), ManifestError);  // no file, title, hint
    BOOST_CHECK_THROW(parse_manifest("[a]\nchapter=01\nfile=f\ntitle=t\nhint=h\n[a]\n", "m"), ManifestError);
}

BOOST_AUTO_TEST_CASE(selects_by_chapter_or_name_and_lists_what_exists) {
    const auto all = parse_manifest("[a]\nchapter=01\nfile=f\ntitle=t\nhint=h\n[b]\nchapter=02\nfile=g\ntitle=t\nhint=h\n", "m");
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

BOOST_AUTO_TEST_CASE(the_real_manifest_names_files_that_exist) {
    const std::string root = ATTN_SOURCE_DIR;
    const auto all = load_manifest(root + "/exercises/manifest.txt");
    BOOST_TEST(all.size() >= 3u);
    for (const auto& e : all) {
        BOOST_TEST(std::filesystem::exists(root + "/exercises/" + e.file), e.file);
        BOOST_TEST(std::filesystem::exists(root + "/solutions/" + e.file), e.file);
        BOOST_TEST(e.hints.size() >= 2u, e.name << " should have at least two hints (hint is progressive)");
    }
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

BOOST_AUTO_TEST_CASE(a_failure_after_megabytes_of_printing_is_still_reported) {
    // A learner's debugging loop prints 3 MB, then the test fails: the message comes last.
    const auto r = run_process(
        {"sh", "-c",
         "i=0; while [ $i -lt 30000 ]; do echo 'row 7 of my debugging output, printed again and again...........'; "
         "i=$((i+1)); done; echo 't.cpp(3): error: in \"project/shape\": Q is 3x3, expected 3x4'; exit 201"},
        30);
    BOOST_TEST(r.total_output > 1000000u);
    const auto rep = interpret_check(r, 30);
    BOOST_TEST(static_cast<int>(rep.verdict) == static_cast<int>(Verdict::Failing));
    BOOST_TEST(rep.lines.at(0) == "shape: Q is 3x3, expected 3x4");
    BOOST_TEST(rep.lines.back().find("only the start and the end were kept") != std::string::npos, rep.lines.back());
}

BOOST_AUTO_TEST_CASE(says_when_a_program_cannot_start) {
    const auto r = run_process({"/nonexistent/program"}, 5);
    BOOST_TEST(r.failed_to_start);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(reports)

ProcessResult exited(int code, const std::string& out) {
    ProcessResult r;
    r.exit_code = code;
    r.output = out;
    r.total_output = out.size();
    return r;
}

BOOST_AUTO_TEST_CASE(a_stub_is_not_started) {
    const auto rep = interpret_check(
        exited(201,
               "unknown location(0): fatal error: in \"rnn_step/matches\": std::logic_error: not implemented yet: "
               "rnn_step (exercises/01_rnn_loop/rnn_step.cpp)\n"
               "unknown location(0): fatal error: in \"rnn_step/other\": std::logic_error: not implemented yet: "
               "rnn_step (exercises/01_rnn_loop/rnn_step.cpp)\n"),
        10);
    BOOST_TEST(static_cast<int>(rep.verdict) == static_cast<int>(Verdict::NotStarted));
    BOOST_TEST(rep.lines.size() == 1u, "the same message once, not once per test");
    BOOST_TEST(rep.lines.at(0) == "not implemented yet: rnn_step (exercises/01_rnn_loop/rnn_step.cpp)");
}

BOOST_AUTO_TEST_CASE(a_wrong_answer_shows_the_tests_message) {
    const auto rep = interpret_check(
        exited(201, "t.cpp(12): error: in \"rnn_questions/loop\": a 50-word sentence: you answered 50\n"), 10);
    BOOST_TEST(static_cast<int>(rep.verdict) == static_cast<int>(Verdict::Failing));
    BOOST_TEST(rep.lines.at(0) == "loop: a 50-word sentence: you answered 50");
}

BOOST_AUTO_TEST_CASE(a_failed_check_shows_its_message_not_the_expression) {
    const auto rep = interpret_check(
        exited(201, "t.cpp(5): error: in \"s/rows\": check matrices_close(a, b, 1e-12, \"A\") has failed: A differs at row 0\n"),
        10);
    BOOST_TEST(rep.lines.at(0) == "rows: A differs at row 0");
}

BOOST_AUTO_TEST_CASE(an_exception_is_named_as_such) {
    const auto rep = interpret_check(
        exited(201, "unknown location(0): fatal error: in \"a/b\": std::out_of_range: index\n"), 10);
    BOOST_TEST(static_cast<int>(rep.verdict) == static_cast<int>(Verdict::Failing));
    BOOST_TEST(rep.lines.at(0) == "b: threw an exception: std::out_of_range: index");
}

BOOST_AUTO_TEST_CASE(crash_timeout_and_success) {
    ProcessResult crash;
    crash.signaled = true;
    crash.signal = SIGSEGV;
    BOOST_TEST(interpret_check(crash, 10).lines.at(0).find("crashed: segmentation fault") == 0);
    ProcessResult slow;
    slow.timed_out = true;
    BOOST_TEST(interpret_check(slow, 10).lines.at(0).find("did not finish in 10 s") == 0);
    BOOST_TEST(static_cast<int>(interpret_check(exited(0, ""), 10).verdict) == static_cast<int>(Verdict::Done));
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

BOOST_AUTO_TEST_CASE(readme_block_must_appear_in_order) {
    const std::string readme = "text\n<!-- expected output -->\n```text\nline a\nline b\n...\nline z\n```\n";
    BOOST_TEST(compare_expected_output(readme, "x\nline a\nline b\nq\nr\nline z\n").empty());
    BOOST_TEST(!compare_expected_output(readme, "line a\nq\nline b\nline z\n").empty(), "a and b must be adjacent");
    BOOST_TEST(!compare_expected_output(readme, "line a\nline b\n").empty(), "z is missing");
    BOOST_TEST(!compare_expected_output("no block here\n", "x").empty(), "a README without a block is an error");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(diagnoses)

BOOST_AUTO_TEST_CASE(a_known_mistake_is_named_first_and_once) {
    ProcessResult r;
    r.exit_code = 201;
    r.output =
        "t.cpp(3): error: in \"softmax_rows/a\": row 0 sums to 1.7\n"
        "t.cpp(9): error: in \"softmax_rows/b\": mistake [softmax_over_columns]: softmax ran down the columns\n"
        "t.cpp(9): error: in \"softmax_rows/c\": mistake [softmax_over_columns]: softmax ran down the columns\n";
    r.total_output = r.output.size();
    const auto rep = interpret_check(r, 10);
    BOOST_TEST(static_cast<int>(rep.verdict) == static_cast<int>(Verdict::Failing));
    BOOST_TEST(rep.diagnoses.size() == 1u);
    BOOST_TEST(rep.diagnoses.at(0).id == "softmax_over_columns");
    BOOST_TEST(rep.lines.at(0) == "mistake: softmax ran down the columns");
    BOOST_TEST(rep.lines.at(1) == "a: row 0 sums to 1.7");
}

BOOST_AUTO_TEST_SUITE_END()
