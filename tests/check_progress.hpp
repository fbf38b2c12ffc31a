// check_progress.hpp: how far a check program got, and how each check ended, for ./course check.
//
// The checker reads a pass from Boost.Test's XML report (tools/coursectl/record.hpp),
// which only exists once every test case has run. When a program stops early
// (the learner's code calls exit(), or _exit()), the log may be lost with its
// buffer, and the checker still wants to say how far it got. So, when
// ATTN_CHECK_PROGRESS_FD names a descriptor, every test case's start and end is
// written there at once, unbuffered: "start suite/case" and "end RESULT FAILED
// suite/case", where RESULT (passed, failed, aborted, skipped, timed_out) and FAILED
// (how many of its assertions failed) are the case's outcome as Boost.Test's results
// collector recorded it; and when the program is ended by exit() or quick_exit() inside
// a test case, "exit suite/case" (Boost.Test itself may then crash on its way out: the
// checker still knows what happened). Included once per test module (through a test
// module, or tests/test_helpers.hpp).
//
// The outcomes are a channel of their own: the checker gives a ✓ only when they, the
// log's errors and the report all say the same (record.hpp, channels_disagree), so a
// report written in place of Boost.Test's, or Boost.Test's rewritten on its way out,
// gives none. That is why every line is put together here by hand and written with the
// write system call: no stdio, no iostreams, no string built. What it does call (Boost.Test,
// libc's write and read, std::string's own size, data and [] of libstdc++) are names a
// learner's object may not define: coursectl refuses a definition of any name of Boost
// or of what a shared library of the check program exports (relied.hpp), so none of them
// can be replaced under the observer.
//
// The checker answers each "start" line, and the "finish" line written once every
// case has run, with one byte, and only after reading what the program had written
// to its log and report by then: this waits for that answer. So the checker knows
// whether a report existed before the cases had run, which Boost.Test's own never
// does (a report written by other code, say a static initializer, is refused).
#pragma once

#include <boost/test/results_collector.hpp>
#include <boost/test/tree/observer.hpp>
#include <boost/test/unit_test.hpp>
#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <string>
#include <unistd.h>

namespace attn_test {

// One line of the progress protocol, put together by hand in a fixed buffer.
class ProgressLine {
public:
    ProgressLine& add(const char* text) {
        while (*text) put(*text++);
        return *this;
    }
    // a name of Boost.Test's: no control character (a newline would start a line of its own)
    ProgressLine& add_name(const char* text, std::size_t size) {
        for (std::size_t i = 0; i < size; ++i) {
            const unsigned char c = static_cast<unsigned char>(text[i]);
            put(c < 0x20 || c == 0x7f ? '?' : text[i]);
        }
        return *this;
    }
    ProgressLine& add_number(unsigned long n) {
        char digits[24];
        int k = 0;
        do {
            digits[k++] = static_cast<char>('0' + n % 10);
            n /= 10;
        } while (n > 0);
        while (k > 0) put(digits[--k]);
        return *this;
    }
    // The whole line at once, with its newline; the rest after a short write.
    void send(int fd) {
        text_[size_++] = '\n';
        std::size_t sent = 0;
        while (sent < size_) {
            const ssize_t n = ::write(fd, text_ + sent, size_ - sent);
            if (n > 0) sent += static_cast<std::size_t>(n);
            else if (n < 0 && errno == EINTR) continue;
            else break;
        }
    }

private:
    void put(char c) {
        if (size_ < sizeof text_ - 1) text_[size_++] = c;  // (room kept for the newline)
    }
    char text_[1200];
    std::size_t size_ = 0;
};

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
        if (tu.p_type != boost::unit_test::TUT_CASE) return;
        ProgressLine line;
        add_case_name(line.add("start "), tu);
        remember_current(tu);
        line.send(fd_);
        wait_for_checker();
    }
    // After the last case, before Boost.Test writes its report.
    void test_finish() override {
        if (fd_ <= 2) return;
        ProgressLine().add("finish").send(fd_);
        wait_for_checker();
    }
    // Observers end a case in the reverse order of their priority: Boost.Test's results
    // collector (priority 3) has settled this case's results before this one (priority 0).
    void test_unit_finish(const boost::unit_test::test_unit& tu, unsigned long) override {
        if (tu.p_type != boost::unit_test::TUT_CASE) return;
        const boost::unit_test::test_results& r = boost::unit_test::results_collector.results(tu.p_id);
        const char* outcome = r.passed()              ? "passed"
                              : r.p_aborted.get()     ? "aborted"
                              : r.p_skipped.get()     ? "skipped"
                              : r.p_timed_out.get()   ? "timed_out"
                                                      : "failed";
        ProgressLine line;
        line.add("end ").add(outcome).add(" ").add_number(r.p_assertions_failed.get()).add(" ");
        add_case_name(line, tu);
        current()[0] = '\0';
        line.send(fd_);
    }

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
        ProgressLine().add("exit ").add(current()).send(descriptor());
    }
    // One byte from the checker (a socket); nothing to wait for on anything else.
    void wait_for_checker() const {
        char answer = 0;
        while (::read(fd_, &answer, 1) < 0 && errno == EINTR) {
        }
    }
    static void add_case_name(ProgressLine& line, const boost::unit_test::test_unit& tu) {
        const auto& suite = boost::unit_test::framework::get<boost::unit_test::test_suite>(tu.p_parent_id);
        const std::string& s = suite.p_name.get();
        const std::string& c = tu.p_name.get();
        line.add_name(s.data(), s.size()).add("/").add_name(c.data(), c.size());
    }
    void remember_current(const boost::unit_test::test_unit& tu) const {
        descriptor() = fd_;
        const auto& suite = boost::unit_test::framework::get<boost::unit_test::test_suite>(tu.p_parent_id);
        const std::string& s = suite.p_name.get();
        const std::string& c = tu.p_name.get();
        std::size_t n = 0;
        char* name = current();
        for (std::size_t i = 0; i < s.size() && n < 510; ++i) name[n++] = s[i] == '\n' ? '?' : s[i];
        name[n++] = '/';
        for (std::size_t i = 0; i < c.size() && n < 511; ++i) name[n++] = c[i] == '\n' ? '?' : c[i];
        name[n] = '\0';
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
