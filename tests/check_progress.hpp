// check_progress.hpp: how far a check program got, for ./course check.
//
// The checker reads a pass from Boost.Test's XML report (tools/coursectl/record.hpp),
// which only exists once every test case has run. When a program stops early
// (the learner's code calls exit(), or _exit()), the log may be lost with its
// buffer, and the checker still wants to say how far it got. So, when
// ATTN_CHECK_PROGRESS_FD names a descriptor, every test case's start and end is
// written there at once, unbuffered: "start suite/case" and "end suite/case";
// and when the program is ended by exit() or quick_exit() inside a test case,
// "exit suite/case" (Boost.Test itself may then crash on its way out: the
// checker still knows what happened). Included once per test module (through
// a test module, or tests/test_helpers.hpp).
//
// The checker answers each "start" line, and the "finish" line written once every
// case has run, with one byte, and only after reading what the program had written
// to its log and report by then: this waits for that answer. So the checker knows
// whether a report existed before the cases had run, which Boost.Test's own never
// does (a report written by other code, say a static initializer, is refused).
#pragma once

#include <boost/test/tree/observer.hpp>
#include <boost/test/unit_test.hpp>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

namespace attn_test {

class CheckProgress : public boost::unit_test::test_observer {
public:
    CheckProgress() {
        if (const char* fd = std::getenv("ATTN_CHECK_PROGRESS_FD")) {
            fd_ = std::atoi(fd);
            if (fd_ > 2) {
                boost::unit_test::framework::register_observer(*this);
                std::atexit(on_exit);
                std::at_quick_exit(on_exit);
            }
        }
    }
    void test_unit_start(const boost::unit_test::test_unit& tu) override {
        if (say("start", tu)) wait_for_checker();
    }
    // After the last case, before Boost.Test writes its report.
    void test_finish() override {
        if (fd_ <= 2) return;
        (void)!::write(fd_, "finish\n", 7);
        wait_for_checker();
    }
    void test_unit_finish(const boost::unit_test::test_unit& tu, unsigned long) override { say("end", tu); }

private:
    int fd_ = -1;
    // The case running now, as "suite/case", and the descriptor: plain arrays and
    // ints, which no destructor takes away before on_exit runs.
    static char* current() {
        static char name[512];
        return name;
    }
    static int& descriptor() {
        static int fd = -1;
        return fd;
    }
    static void on_exit() {
        if (descriptor() < 0 || current()[0] == '\0') return;  // a normal end, after the last case
        char line[600];
        const int n = std::snprintf(line, sizeof line, "exit %s\n", current());
        if (n > 0) (void)!::write(descriptor(), line, static_cast<std::size_t>(n) < sizeof line ? n : sizeof line - 1);
    }
    // One byte from the checker (a socket); nothing to wait for on anything else.
    void wait_for_checker() const {
        char answer = 0;
        while (::read(fd_, &answer, 1) < 0 && errno == EINTR) {
        }
    }
    bool say(const char* what, const boost::unit_test::test_unit& tu) const {
        if (tu.p_type != boost::unit_test::TUT_CASE) return false;
        const auto& suite = boost::unit_test::framework::get<boost::unit_test::test_suite>(tu.p_parent_id);
        const std::string name = suite.p_name.get() + "/" + tu.p_name.get();
        descriptor() = fd_;
        std::snprintf(current(), 512, "%s", std::string(what) == "start" ? name.c_str() : "");
        const std::string line = std::string(what) + " " + name + "\n";
        (void)!::write(fd_, line.data(), line.size());
        return true;
    }
};

// The observer outlives the global fixture that makes it (never deleted, never
// deregistered): Boost.Test tears its global fixtures down before it calls
// test_finish(), which must still reach it.
struct CheckProgressFixture {
    CheckProgressFixture() {
        static CheckProgress* const progress = new CheckProgress();
        (void)progress;
    }
};
BOOST_TEST_GLOBAL_FIXTURE(CheckProgressFixture);

}  // namespace attn_test
