#include "process.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace course {

std::string describe_signal(int sig) {
    switch (sig) {
        case SIGSEGV: return "segmentation fault (SIGSEGV): memory that was not yours was read or written";
        case SIGABRT: return "aborted (SIGABRT), often a failed assert or a std::terminate";
        case SIGFPE: return "arithmetic error (SIGFPE), e.g. an integer division by zero";
        case SIGBUS: return "bus error (SIGBUS): a bad memory access";
        case SIGILL: return "illegal instruction (SIGILL)";
        case SIGKILL: return "killed (SIGKILL), perhaps out of memory";
        default: return std::string("killed by signal ") + std::to_string(sig) + " (" + strsignal(sig) + ")";
    }
}

ProcessResult run_process(const std::vector<std::string>& argv, double timeout_seconds, std::size_t max_output,
                          const std::string& working_dir) {
    ProcessResult r;
    int fds[2];
    if (argv.empty() || ::pipe(fds) != 0) {
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
        ::dup2(fds[1], 1);
        ::dup2(fds[1], 2);
        ::close(fds[0]);
        ::close(fds[1]);
        const int devnull = ::open("/dev/null", O_RDONLY);
        if (devnull >= 0) ::dup2(devnull, 0);
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
        if (left <= 0) {
            r.timed_out = true;
            break;
        }
        pollfd p{fds[0], POLLIN, 0};
        const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left, 200)));
        if (ready < 0 && errno != EINTR) break;
        if (ready <= 0) continue;
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
    if (r.timed_out) ::kill(-pid, SIGKILL);
    ::close(fds[0]);

    int status = 0;
    // The pipe closed, but the child may still be finishing: wait for it, with the same deadline.
    while (true) {
        const pid_t w = ::waitpid(pid, &status, r.timed_out ? 0 : WNOHANG);
        if (w == pid) break;
        if (w < 0 && errno != EINTR) break;
        if (clock::now() > deadline) {
            r.timed_out = true;
            ::kill(-pid, SIGKILL);
            continue;
        }
        ::usleep(2000);
    }
    if (r.timed_out) return r;
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
