#include "process.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace course {

namespace {

// The process group of the child being waited for (0: none), and whether the
// learner asked to stop. Written by the signal handler, so sig_atomic_t.
volatile std::sig_atomic_t g_child_group = 0;
volatile std::sig_atomic_t g_interrupted = 0;

extern "C" void on_interrupt(int) {
    g_interrupted = 1;
    const pid_t group = static_cast<pid_t>(g_child_group);
    if (group > 0) ::kill(-group, SIGKILL);
}

}  // namespace

void stop_children_on_interrupt() {
    struct sigaction sa {};
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;  // no SA_RESTART: poll() must wake up and see the flag
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(sig, &sa, nullptr);
}

bool interrupted() { return g_interrupted != 0; }

std::string describe_signal(int sig) {
    switch (sig) {
        case SIGSEGV: return "segmentation fault (SIGSEGV): memory that was not yours was read or written";
        case SIGABRT: return "aborted (SIGABRT), often a failed assert or a std::terminate";
        case SIGFPE: return "arithmetic error (SIGFPE), e.g. an integer division by zero";
        case SIGBUS: return "bus error (SIGBUS): a bad memory access";
        case SIGILL: return "illegal instruction (SIGILL)";
        case SIGKILL: return "killed (SIGKILL), perhaps out of memory";
        case SIGXFSZ: return "stopped (SIGXFSZ): it wrote a file larger than the limit for one check";
        default: return std::string("killed by signal ") + std::to_string(sig) + " (" + strsignal(sig) + ")";
    }
}

ProcessResult run_process(const std::vector<std::string>& argv, double timeout_seconds, std::size_t max_output,
                          const std::string& working_dir) {
    ProcessSpec spec;
    spec.argv = argv;
    spec.timeout_seconds = timeout_seconds;
    spec.max_output = max_output;
    spec.working_dir = working_dir;
    return run_process(spec);
}

ProcessResult run_process(const ProcessSpec& spec) {
    const auto& argv = spec.argv;
    const double timeout_seconds = spec.timeout_seconds;
    const std::size_t max_output = spec.max_output;
    ProcessResult r;
    if (interrupted()) {
        r.interrupted = true;
        return r;
    }
    int fds[2];
    if (argv.empty() || ::pipe2(fds, O_CLOEXEC) != 0) {
        r.failed_to_start = true;
        return r;
    }
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        r.failed_to_start = true;
        return r;
    }
    if (pid == 0) {
        // child: own process group, stdout+stderr into the pipe, no stdin
        ::setpgid(0, 0);
        // ends with the checker, even if the checker itself is killed
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        // the extra descriptors first out of the way of 3, 4, ..., then into place
        std::vector<int> moved;
        for (int fd : spec.extra_fds) moved.push_back(::fcntl(fd, F_DUPFD, 64));
        for (std::size_t i = 0; i < moved.size(); ++i) ::dup2(moved[i], static_cast<int>(3 + i));
        ::dup2(fds[1], 1);
        ::dup2(fds[1], 2);
        const int devnull = ::open("/dev/null", O_RDONLY);
        if (devnull >= 0) ::dup2(devnull, 0);
        if (spec.memory_limit > 0) {
            const rlimit lim{spec.memory_limit, spec.memory_limit};
            ::setrlimit(RLIMIT_AS, &lim);
        }
        const rlimit no_core{0, 0};  // a crash must not leave a core file in the learner's folder
        ::setrlimit(RLIMIT_CORE, &no_core);
        if (spec.memory_limit > 0) {
            // a contained run: no file it writes may grow past the memory limit either
            const rlimit fsize{spec.memory_limit, spec.memory_limit};
            ::setrlimit(RLIMIT_FSIZE, &fsize);
        }
        for (const auto& kv : spec.env) ::putenv(const_cast<char*>(kv.c_str()));
        const std::string& working_dir = spec.working_dir;
        if (!working_dir.empty() && ::chdir(working_dir.c_str()) != 0) _exit(126);
        std::vector<char*> args;
        for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        ::execvp(args[0], args.data());
        const std::string msg = "cannot start " + argv[0] + ": " + std::strerror(errno) + "\n";
        (void)!::write(2, msg.data(), msg.size());
        _exit(127);
    }
    ::setpgid(pid, pid);  // also from the parent, so the group exists before we might kill it
    g_child_group = pid;
    ::close(fds[1]);

    using clock = std::chrono::steady_clock;
    const auto deadline = clock::now() + std::chrono::duration<double>(timeout_seconds);
    char buf[65536];
    // Keep the start and the end of what it prints: a learner's print loop can
    // fill megabytes, and the test's verdict comes last.
    const std::size_t keep_head = max_output / 2, keep_tail = max_output - keep_head;
    std::string tail;
    bool open = true;
    while (open) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now()).count();
        if (interrupted()) {
            r.interrupted = true;
            break;
        }
        if (left <= 0) {
            r.timed_out = true;
            break;
        }
        pollfd p{fds[0], POLLIN, 0};
        const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left, 200)));
        if (ready < 0 && errno != EINTR) break;
        if (ready <= 0) {
            // Quiet for a while: if the program itself has ended, whatever still holds
            // the pipe open is something it left behind, and is not waited for.
            siginfo_t info{};
            if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOWAIT | WNOHANG) == 0 && info.si_pid == pid)
                break;
            continue;
        }
        const ssize_t n = ::read(fds[0], buf, sizeof buf);
        if (n <= 0) {
            open = false;
            break;
        }
        r.total_output += static_cast<std::size_t>(n);
        std::size_t used = 0;
        if (r.output.size() < keep_head) {
            used = std::min(static_cast<std::size_t>(n), keep_head - r.output.size());
            r.output.append(buf, used);
        }
        tail.append(buf + used, static_cast<std::size_t>(n) - used);
        if (tail.size() > 2 * keep_tail) tail.erase(0, tail.size() - keep_tail);  // trimmed now and then, not per read
    }
    if (tail.size() > keep_tail) {
        tail.erase(0, tail.size() - keep_tail);
        // start at a whole line when there is one
        const auto nl = tail.find('\n');
        if (nl != std::string::npos && nl + 1 < tail.size()) tail.erase(0, nl + 1);
    }
    if (r.output.size() + tail.size() < r.total_output)
        r.output += "\n[... " + std::to_string(r.total_output - r.output.size() - tail.size()) + " bytes not kept ...]\n";
    r.output += tail;
    if (r.timed_out || r.interrupted) ::kill(-pid, SIGKILL);
    ::close(fds[0]);

    // The pipe closed, but the child may still be finishing: wait for it, with the same deadline.
    // WNOWAIT leaves it a zombie, so its process group still exists (and cannot be
    // reused) when what is left of it is killed below.
    while (true) {
        const bool stopping = r.timed_out || r.interrupted;
        siginfo_t info{};
        const int w = ::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOWAIT | (stopping ? 0 : WNOHANG));
        if (w == 0 && info.si_pid == pid) break;
        if (w < 0 && errno != EINTR) break;
        if (interrupted() && !stopping) {
            r.interrupted = true;
            ::kill(-pid, SIGKILL);
            continue;
        }
        if (clock::now() > deadline && !stopping) {
            r.timed_out = true;
            ::kill(-pid, SIGKILL);
            continue;
        }
        ::usleep(2000);
    }
    // whatever is left of its group (a background job of the program) ends with it
    ::kill(-pid, SIGKILL);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    g_child_group = 0;
    if (r.timed_out || r.interrupted) return r;
    if (WIFSIGNALED(status)) {
        r.signaled = true;
        r.signal = WTERMSIG(status);
    } else if (WIFEXITED(status)) {
        r.exit_code = WEXITSTATUS(status);
        if (r.exit_code == 127 && r.output.rfind("cannot start ", 0) == 0) r.failed_to_start = true;
    }
    return r;
}

}  // namespace course
