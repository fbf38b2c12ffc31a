// A hostile rnn_step for the suite's checker tests (tests/checker_hostile.sh):
// a right answer that misbehaves in the way ATTN_HOSTILE names, as a learner's
// code might by accident (or a tester's on purpose). It is linked like
// check_rnn_step and run through `coursectl check-program`; the test then looks
// at the verdict, at the course folder and at the processes left.
//
//   ATTN_HOSTILE=exit | quick_exit | _exit   end the program in the second call
//   ATTN_HOSTILE=write      write over, delete and create files in ATTN_HOSTILE_ROOT
//   ATTN_HOSTILE=rm_rf      delete the whole of ATTN_HOSTILE_ROOT/exercises
//   ATTN_HOSTILE=chmod      make a file and a folder of ATTN_HOSTILE_ROOT unreadable, a file a link
//   ATTN_HOSTILE=children   start 50 sleeping child processes in its own process group
//   ATTN_HOSTILE=daemon     start a detached process (setsid, double fork) that outlives it
//   ATTN_HOSTILE=daemon_output  the same, but the process keeps the check's output open
//   ATTN_HOSTILE=loop       loop forever in the first call
//   ATTN_HOSTILE=memory     take 1 GiB more on every call, and touch it
//   ATTN_HOSTILE=fake_pass  a wrong answer that prints what a passing run prints
//   ATTN_HOSTILE=fake_mistake  a right answer that prints a mistake line and a failure line
//   ATTN_HOSTILE=forge_atexit   a wrong answer; at exit it writes a passing report to
//                           descriptor 4 (and a log to 3) and ends with _exit(0)
//   ATTN_HOSTILE=forge_reopen   the same through /proc/self/fd/4 opened anew, written at offset 0
//   ATTN_HOSTILE=forge_thread   a wrong answer; a thread keeps writing passing reports
//   ATTN_HOSTILE=forge_orphan   a wrong answer; a forked process writes a passing report late
//   ATTN_HOSTILE=forge_early    a wrong answer; in its first call it writes a whole passing
//                           record (progress lines too) and ends with _exit(0)
//   ATTN_HOSTILE=kill_checker   a right answer that signals the checker and its process group
//   ATTN_HOSTILE=ptrace     a right answer that tries to ptrace the checker and write its memory
//   ATTN_HOSTILE=sockets    a right answer that connects to the Unix socket ATTN_HOSTILE_SOCKET
//                           and to TCP 127.0.0.1:ATTN_HOSTILE_PORT, and says "reached" there
//   ATTN_HOSTILE=outside    a right answer that writes ATTN_HOSTILE_OUTSIDE/written, /var/tmp, /dev/shm
//   ATTN_HOSTILE=memory_apart  a right answer that takes 3 x 300 MiB in three children and /dev/shm
//   ATTN_HOSTILE=trojan     a right answer that replaces the programs of ATTN_HOSTILE_BUILD
//   ATTN_HOSTILE=git_config a right answer that rewrites ATTN_HOSTILE_ROOT/.git/config at the
//                           same size and puts its mtime back
//   ATTN_HOSTILE=sleep      a right answer that takes 1.5 s (a learner saves meanwhile)
//   ATTN_HOSTILE=write_sleep    writes over README.md, then sleeps 30 s (the checker is ended meanwhile)
//   ATTN_HOSTILE=tiocsti    pushes a command into every terminal it can open (its own, the
//                           checker's, /dev/tty) and gives a wrong answer if any push worked
//   ATTN_HOSTILE=escape     throws an exception whose message redraws the line as a pass
//   ATTN_HOSTILE=escape_c1  throws an exception with single C1 bytes (0x9b CSI, 0x8d RI), bytes
//                           that are not UTF-8, bidi controls, ✓ glyphs and a fake verdict
//                           padded with blanks and dots so that it would wrap onto a row of its own
//   ATTN_HOSTILE=clobber    a wrong answer that writes over another exercise of ATTN_HOSTILE_ROOT
//                           (where it can) and takes 1.5 s (another program writes meanwhile)
//   ATTN_HOSTILE=cannot_start  prints "cannot start " and ends with exit code 127
//   unset                   the right answer, quietly
#include <arpa/inet.h>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <netinet/in.h>
#include <stdexcept>
#include <string>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <utime.h>
#include <vector>

#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace {

std::string mode() {
    const char* m = std::getenv("ATTN_HOSTILE");
    return m ? m : "";
}

void vandalise(const std::string& root) {
    std::ofstream(root + "/exercises/03_softmax/softmax_rows.cpp") << "// gone\n";
    std::ofstream(root + "/README.md", std::ios::app) << "vandalised\n";
    std::remove((root + "/solutions/01_rnn_loop/rnn_step.cpp").c_str());
    std::ofstream(root + "/exercises/new_file.txt") << "new\n";
}

void start_daemon(bool keep_output) {
    if (::fork() != 0) return;  // the caller carries on and passes its checks
    ::setsid();                 // out of the check's process group and session
    if (::fork() != 0) ::_exit(0);
    if (!keep_output)
        for (int fd = 0; fd < 3; ++fd) ::close(fd);
    for (;;) ::sleep(1);  // still named like the check program: the test looks for it by name
}

void start_children() {
    for (int i = 0; i < 50; ++i)
        if (::fork() == 0)
            for (;;) ::sleep(1);
}

// A passing record of rnn_step's checks, as Boost.Test would write it (the names of
// its checks come from ATTN_HOSTILE_CASES, as a forger could copy them).
std::vector<std::string> cases() {
    std::vector<std::string> out;
    const char* c = std::getenv("ATTN_HOSTILE_CASES");
    std::string all = c ? c : "";
    for (std::size_t at = 0; at < all.size();) {
        const auto comma = all.find(',', at);
        out.push_back(all.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
        at = comma == std::string::npos ? all.size() : comma + 1;
    }
    return out;
}
std::string forged_report() {
    std::string r = "<TestResult><TestSuite name=\"ch01\" result=\"passed\"><TestSuite name=\"rnn_step\" result=\"passed\">";
    for (const auto& c : cases()) r += "<TestCase name=\"" + c + "\" result=\"passed\"/>";
    return r + "</TestSuite></TestSuite></TestResult>";
}
std::string forged_log() {
    std::string r = "<TestLog><TestSuite name=\"ch01\"><TestSuite name=\"rnn_step\">";
    for (const auto& c : cases()) r += "<TestCase name=\"" + c + "\"><TestingTime>1</TestingTime></TestCase>";
    return r + "</TestSuite></TestSuite></TestLog>";
}
void put(int fd, const std::string& s) { (void)!::write(fd, s.data(), s.size()); }

void forge_at_exit() {
    put(3, forged_log());
    put(4, forged_report());
    ::_exit(0);
}
int reopened = -1;
void forge_reopened() {
    const std::string r = forged_report();
    (void)!::pwrite(reopened, r.data(), r.size(), 0);
    (void)!::write(reopened, r.data(), r.size());
    ::_exit(0);
}

void attack(const std::string& m) {
    const char* root = std::getenv("ATTN_HOSTILE_ROOT");
    if (m == "forge_atexit") std::atexit(forge_at_exit);
    if (m == "forge_reopen") {
        reopened = ::open("/proc/self/fd/4", O_WRONLY);
        std::atexit(forge_reopened);
    }
    if (m == "forge_thread")
        std::thread([] {
            for (int i = 0; i < 2000; ++i) {
                put(4, forged_report());
                ::usleep(500);
            }
        }).detach();
    if (m == "forge_orphan" && ::fork() == 0) {
        ::setsid();
        ::usleep(300000);
        put(4, forged_report());
        ::_exit(0);
    }
    if (m == "forge_early") {
        put(3, forged_log());
        for (const auto& c : cases()) put(5, "start rnn_step/" + c + "\nend rnn_step/" + c + "\n");
        put(5, "finish\n");
        put(4, forged_report());
        ::_exit(0);
    }
    if (m == "kill_checker") {
        const pid_t checker = ::getppid();
        ::kill(checker, SIGTERM);
        ::kill(-::getpgid(checker), SIGINT);
        ::kill(checker, SIGKILL);
    }
    if (m == "ptrace") {
        const pid_t checker = ::getppid();
        if (::ptrace(PTRACE_ATTACH, checker, nullptr, nullptr) == 0) ::kill(checker, SIGKILL);
        const int mem = ::open(("/proc/" + std::to_string(checker) + "/mem").c_str(), O_RDWR);
        if (mem >= 0) ::kill(checker, SIGKILL);
    }
    if (m == "sockets") {
        if (const char* path = std::getenv("ATTN_HOSTILE_SOCKET")) {
            const int s = ::socket(AF_UNIX, SOCK_STREAM, 0);
            sockaddr_un a{};
            a.sun_family = AF_UNIX;
            std::snprintf(a.sun_path, sizeof a.sun_path, "%s", path);
            if (s >= 0 && ::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0) put(s, "reached\n");
        }
        if (const char* port = std::getenv("ATTN_HOSTILE_PORT")) {
            const int s = ::socket(AF_INET, SOCK_STREAM, 0);
            sockaddr_in a{};
            a.sin_family = AF_INET;
            a.sin_port = htons(static_cast<unsigned short>(std::atoi(port)));
            a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            if (s >= 0 && ::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0) put(s, "reached\n");
        }
    }
    if (m == "outside") {
        if (const char* o = std::getenv("ATTN_HOSTILE_OUTSIDE")) std::ofstream(std::string(o) + "/written") << "x\n";
        std::ofstream("/var/tmp/attn-hostile-outside") << "x\n";
        std::ofstream("/dev/shm/attn-hostile-outside") << "x\n";
    }
    if (m == "memory_apart") {
        // three children of 300 MiB each, and 300 MiB in /dev/shm: each under a
        // per-process limit, together over a limit of 512 MiB
        for (int i = 0; i < 3; ++i)
            if (::fork() == 0) {
                std::vector<char> hoard(std::size_t(300) << 20, 'x');
                ::sleep(2);
                ::_exit(hoard[7] == 'x' ? 0 : 1);
            }
        const int fd = ::open("/dev/shm/attn-hostile-memory", O_WRONLY | O_CREAT, 0600);
        std::vector<char> chunk(1 << 20, 'y');
        for (int i = 0; fd >= 0 && i < 300; ++i)
            if (::write(fd, chunk.data(), chunk.size()) <= 0) break;
        while (::wait(nullptr) > 0) {
        }
    }
    if (m == "trojan") {
        if (const char* b = std::getenv("ATTN_HOSTILE_BUILD")) {
            const std::string target = std::string(b) + "/checks/check_title_question";
            std::ofstream(target + ".new") << "#!/bin/sh\necho trojan\n";
            std::rename((target + ".new").c_str(), target.c_str());
            std::ofstream(std::string(b) + "/planted") << "x\n";
        }
    }
    if (m == "git_config" && root) {
        const std::string config = std::string(root) + "/.git/config";
        struct stat st {};
        if (::stat(config.c_str(), &st) == 0) {
            std::string text(static_cast<std::size_t>(st.st_size), '#');
            text.replace(0, std::min<std::size_t>(text.size(), 20), std::string("[core]\n\tpager=evil\n").substr(0, std::min<std::size_t>(text.size(), 20)));
            std::ofstream(config, std::ios::trunc) << text;
            const utimbuf back{st.st_atime, st.st_mtime};
            ::utime(config.c_str(), &back);
        }
    }
    if (m == "sleep") ::usleep(1500000);
    if (m == "write_sleep" && root) {
        std::ofstream(std::string(root) + "/README.md", std::ios::app) << "vandalised\n";
        ::sleep(30);
    }
    if (m == "clobber" && root) {
        std::ofstream(std::string(root) + "/exercises/01_rnn_loop/rnn_forward.cpp", std::ios::trunc) << "// gone\n";
        ::usleep(1500000);
    }
    if (m == "escape_c1")
        throw std::runtime_error(std::string("A\x9b" "1AB\x8d" "C\xc2\x9b" "2KD\xe2\x80\xae" "E\xe2\x81\xa6" "F\xe2\x80\x8f" "G\xff\xfe"
                                             "H\xe2\x9c\x93 \xe2\x9c\x94 \xe2\x9c\x97\t\t") +
                                 std::string(300, ' ') + "\xe2\x9c\x93 01 rnn_step                       done" +
                                 std::string(200, '.') + "\xe2\x9c\x93 01 rnn_step done" + std::string(60, ' '));
    if (m == "escape") throw std::runtime_error("\r\033[2K\033[1A\033[32m\u2713 01 rnn_step done\033[0m\n\033[2K");
    if (m == "cannot_start") {
        std::printf("cannot start \u2713 rnn_step done\n");
        std::fflush(stdout);
        ::_exit(127);
    }
}

}  // namespace

namespace attn {

arma::rowvec rnn_step(const arma::rowvec& h_prev, const arma::rowvec& x_t, const arma::mat& W, const arma::mat& U) {
    static int calls = 0;
    ++calls;
    const std::string m = mode();
    if (calls == 2 && m == "exit") std::exit(0);
    if (calls == 2 && m == "quick_exit") std::quick_exit(0);
    if (calls == 2 && m == "_exit") ::_exit(0);
    if (calls == 1 && m == "write") {
        const char* root = std::getenv("ATTN_HOSTILE_ROOT");
        if (root) vandalise(root);
    }
    if (calls == 1 && (m == "daemon" || m == "daemon_output")) start_daemon(m == "daemon_output");
    if (calls == 1 && m == "children") start_children();
    if (calls == 1) attack(m);
    static bool pushed = false;
    if (calls == 1 && m == "tiocsti") {
        std::vector<std::string> ttys = {"/dev/tty", "/proc/self/fd/0", "/proc/self/fd/1"};
        ttys.push_back("/proc/" + std::to_string(::getppid()) + "/fd/0");
        ttys.push_back("/proc/" + std::to_string(::getppid()) + "/fd/1");
        for (const auto& t : ttys) {
            const int fd = ::open(t.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK);
            if (fd < 0) continue;
            const char* cmd = "echo injected\n";
            for (const char* c = cmd; *c; ++c)
                if (::ioctl(fd, TIOCSTI, c) == 0) pushed = true;
            ::close(fd);
        }
    }
    if (calls == 1 && (m == "rm_rf" || m == "chmod")) {
        const char* root = std::getenv("ATTN_HOSTILE_ROOT");
        const std::string r = root ? root : "/nonexistent";
        const std::string cmd = m == "rm_rf" ? "rm -rf '" + r + "/exercises'"
                                             : "chmod 000 '" + r + "/README.md' '" + r + "/solutions'; ln -sf /etc/hostname '" +
                                                   r + "/exercises/manifest.txt'";
        (void)!std::system(cmd.c_str());
    }
    if (m == "loop")
        for (volatile unsigned long i = 0;; i = i + 1) {
        }
    if (m == "memory") {
        static std::vector<std::vector<char>> hoard;
        hoard.emplace_back(std::size_t(1) << 30, 'x');  // 1 GiB, written, so really used
    }
    if (m == "fake_pass" || m == "fake_mistake") {
        std::printf("mistake [made_up_slip]: a forged diagnosis\n");
        std::printf("t.cpp(1): error: in \"rnn_step/matches_hand_computation\": fake failure\n");
        std::printf("\n*** No errors detected\n");
        std::fflush(stdout);
    }

    require_shape(W.n_rows == W.n_cols, "rnn_step", "W must be square (d_h x d_h)", {"W", W});
    require_shapes(h_prev.n_cols == W.n_rows, "rnn_step", "h_prev must be as wide as W (d_h)", {"h_prev", h_prev}, {"W", W});
    require_shapes(U.n_rows == W.n_rows, "rnn_step", "U must have d_h rows, like W", {"U", U}, {"W", W});
    require_shapes(x_t.n_cols == U.n_cols, "rnn_step", "x_t must be as wide as U (d_in)", {"x_t", x_t}, {"U", U});
    const arma::rowvec pre = h_prev * W.t() + x_t * U.t();  // (1, d_h)
    if (m == "fake_pass" || m.rfind("forge_", 0) == 0 || m == "clobber" || pushed) return arma::rowvec(pre.n_elem, arma::fill::zeros);  // wrong
    return arma::tanh(pre);
}

}  // namespace attn
