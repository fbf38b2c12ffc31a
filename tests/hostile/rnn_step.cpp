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
//   unset                   the right answer, quietly
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <unistd.h>
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
        std::printf("mistake [no_scaling]: the scores were not divided by sqrt(d_k)\n");
        std::printf("t.cpp(1): error: in \"rnn_step/matches_hand_computation\": fake failure\n");
        std::printf("\n*** No errors detected\n");
        std::fflush(stdout);
    }

    require_shape(W.n_rows == W.n_cols, "rnn_step", "W must be square (d_h x d_h)", {"W", W});
    require_shapes(h_prev.n_cols == W.n_rows, "rnn_step", "h_prev must be as wide as W (d_h)", {"h_prev", h_prev}, {"W", W});
    require_shapes(U.n_rows == W.n_rows, "rnn_step", "U must have d_h rows, like W", {"U", U}, {"W", W});
    require_shapes(x_t.n_cols == U.n_cols, "rnn_step", "x_t must be as wide as U (d_in)", {"x_t", x_t}, {"U", U});
    const arma::rowvec pre = h_prev * W.t() + x_t * U.t();  // (1, d_h)
    if (m == "fake_pass") return arma::rowvec(pre.n_elem, arma::fill::zeros);  // wrong, whatever it prints
    return arma::tanh(pre);
}

}  // namespace attn
