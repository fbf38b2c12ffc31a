// check_progress.hpp: how far a check program got, for ./course check.
//
// The checker proves a pass from Boost.Test's XML report (tools/coursectl/record.hpp),
// which only exists once every test case has run. When a program stops early
// (the learner's code calls exit(), or _exit()), the log may be lost with its
// buffer, and the checker still wants to say how far it got. So, when
// ATTN_CHECK_PROGRESS_FD names a descriptor, every test case's start and end is
// written there at once, unbuffered: "start suite/case" and "end suite/case";
// and when the program is ended by exit() or quick_exit() inside a test case,
// "exit suite/case" (Boost.Test itself may then crash on its way out: the
// checker still knows what happened). Included once per test module (through
// a test module, or tests/test_helpers.hpp).
#pragma once

#include <boost/test/tree/observer.hpp>
#include <boost/test/unit_test.hpp>
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
    ~CheckProgress() override {
        if (fd_ > 2) boost::unit_test::framework::deregister_observer(*this);
    }
    void test_unit_start(const boost::unit_test::test_unit& tu) override { say("start", tu); }
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
    void say(const char* what, const boost::unit_test::test_unit& tu) const {
        if (tu.p_type != boost::unit_test::TUT_CASE) return;
        const auto& suite = boost::unit_test::framework::get<boost::unit_test::test_suite>(tu.p_parent_id);
        const std::string name = suite.p_name.get() + "/" + tu.p_name.get();
        descriptor() = fd_;
        std::snprintf(current(), 512, "%s", std::string(what) == "start" ? name.c_str() : "");
        const std::string line = std::string(what) + " " + name + "\n";
        (void)!::write(fd_, line.data(), line.size());
    }
};

BOOST_TEST_GLOBAL_FIXTURE(CheckProgress);

}  // namespace attn_test
