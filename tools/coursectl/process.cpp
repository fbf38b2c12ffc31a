#include "process.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <linux/sockios.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace course {

namespace {

// The process group of the child being waited for (0: none), and whether the
// learner asked to stop. Written by the signal handler, so sig_atomic_t.
volatile std::sig_atomic_t g_child_group = 0;
volatile std::sig_atomic_t g_interrupted = 0;

extern "C" void on_interrupt(int sig) {
    g_interrupted = sig;
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
int interrupting_signal() { return static_cast<int>(g_interrupted); }

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

namespace {

// The environment a contained run gets: only what a calculation needs. No TMUX,
// DISPLAY, DBUS_SESSION_BUS_ADDRESS, SSH_AUTH_SOCK, XDG_RUNTIME_DIR: nothing that
// names a service of the learner's session.
bool passes_on(const char* kv) {
    static const char* const names[] = {"PATH=", "LANG=", "LANGUAGE=", "TZ=", "ASAN_OPTIONS=", "UBSAN_OPTIONS=",
                                        "LSAN_OPTIONS=", "TSAN_OPTIONS="};
    for (const char* n : names)
        if (std::strncmp(kv, n, std::strlen(n)) == 0) return true;
    return std::strncmp(kv, "LC_", 3) == 0 || std::strncmp(kv, "ATTN_", 5) == 0 || std::strncmp(kv, "OPENBLAS_", 9) == 0;
}

void set_nonblocking(int fd) {
    if (fd >= 0) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
}

// Reads what is there now (never blocks); false at end of stream or on an error.
bool read_into(int fd, RecordStreams& r, std::string& into) {
    char buf[65536];
    while (true) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n > 0) {
            const std::size_t room = into.size() < r.cap ? r.cap - into.size() : 0;
            if (static_cast<std::size_t>(n) > room) r.too_large = true;
            into.append(buf, std::min(room, static_cast<std::size_t>(n)));
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
    }
}

}  // namespace

ProcessResult run_process(const ProcessSpec& spec) {
    const auto& argv = spec.argv;
    const double timeout_seconds = spec.timeout_seconds;
    const std::size_t max_output = spec.max_output;
    ProcessResult r;
    if (interrupted()) {
        r.interrupted = true;
        return r;
    }
    int fds[2], status[2];
    if (argv.empty() || ::pipe2(fds, O_CLOEXEC) != 0) {
        r.failed_to_start = true;
        return r;
    }
    if (::pipe2(status, O_CLOEXEC) != 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        r.failed_to_start = true;
        return r;
    }
    // everything the child needs, made before the fork
    std::vector<std::string> env_strings;
    if (spec.clean_env) {
        for (char** e = environ; *e; ++e)
            if (passes_on(*e)) env_strings.emplace_back(*e);
    } else {
        for (char** e = environ; *e; ++e) env_strings.emplace_back(*e);
    }
    for (const auto& kv : spec.env) {
        const std::string name = kv.substr(0, kv.find('=') + 1);
        env_strings.erase(std::remove_if(env_strings.begin(), env_strings.end(),
                                         [&](const std::string& s) { return s.rfind(name, 0) == 0; }),
                          env_strings.end());
        env_strings.push_back(kv);
    }
    std::vector<char*> envp;
    for (auto& kv : env_strings) envp.push_back(kv.data());
    envp.push_back(nullptr);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const pid_t checker = ::getpid();

    const pid_t pid = ::fork();
    if (pid < 0) {
        for (int fd : {fds[0], fds[1], status[0], status[1]}) ::close(fd);
        r.failed_to_start = true;
        return r;
    }
    if (pid == 0) {
        auto refuse = [&](const std::string& why) {
            (void)!::write(status[1], why.data(), why.size());
            _exit(127);
        };
        // its own process group (a build) or session (a check: no controlling terminal,
        // so nothing it does reaches the learner's terminal)
        if (spec.new_session) ::setsid();
        else ::setpgid(0, 0);
        // the extra descriptors first out of the way of 3, 4, ..., then into place;
        // the status pipe right after them; nothing else of ours is inherited
        std::vector<int> moved;
        for (int fd : spec.extra_fds) moved.push_back(::fcntl(fd, F_DUPFD, 64));
        const int status_fd = ::fcntl(status[1], F_DUPFD_CLOEXEC, 64);
        for (std::size_t i = 0; i < moved.size(); ++i) ::dup2(moved[i], static_cast<int>(3 + i));
        const int status_slot = static_cast<int>(3 + moved.size());
        ::dup2(fds[1], 1);
        ::dup2(fds[1], 2);
        ::dup3(status_fd, status_slot, O_CLOEXEC);
        status[1] = status_slot;
        const int devnull = ::open("/dev/null", O_RDONLY);
        if (devnull >= 0) ::dup2(devnull, 0);
        ::close_range(static_cast<unsigned>(status_slot + 1), ~0u, 0);
        if (spec.memory_limit > 0) {
            const rlimit lim{spec.memory_limit, spec.memory_limit};
            ::setrlimit(RLIMIT_AS, &lim);
        }
        const rlimit no_core{0, 0};  // a crash must not leave a core file in the learner's folder
        ::setrlimit(RLIMIT_CORE, &no_core);
        const std::size_t max_file = spec.max_file ? spec.max_file : spec.memory_limit;
        if (max_file > 0) {
            // a contained run: no file it writes may grow past the limit either
            const rlimit fsize{max_file, max_file};
            ::setrlimit(RLIMIT_FSIZE, &fsize);
        }
        const std::string& working_dir = spec.working_dir;
        if (!working_dir.empty() && ::chdir(working_dir.c_str()) != 0)
            refuse("cannot enter " + working_dir + ": " + std::strerror(errno));
        if (spec.before_exec) {
            const std::string why = spec.before_exec();
            if (!why.empty()) refuse(why);
        }
        // ends with the checker, even if the checker itself is killed (set last: a
        // change of user clears it)
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != checker) _exit(127);
        ::execvpe(args[0], args.data(), envp.data());
        refuse("cannot start " + argv[0] + ": " + std::strerror(errno));
    }
    if (!spec.new_session) ::setpgid(pid, pid);  // also from the parent, so the group exists before we might kill it
    ::close(fds[1]);
    ::close(status[1]);
    // Whether it started: the status pipe closes at its exec, or says why not. Read
    // by the checker, never guessed from what the program printed.
    {
        std::string why;
        char buf[512];
        while (true) {
            const ssize_t n = ::read(status[0], buf, sizeof buf);
            if (n > 0) {
                why.append(buf, static_cast<std::size_t>(n));
                continue;
            }
            if (n < 0 && errno == EINTR && !interrupted()) continue;
            break;
        }
        ::close(status[0]);
        if (!why.empty()) {
            ::kill(pid, SIGKILL);
            while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
            }
            ::close(fds[0]);
            r.failed_to_start = true;
            r.start_error = why;
            r.output = why;
            return r;
        }
    }
    g_child_group = pid;
    if (interrupted()) ::kill(-pid, SIGKILL);

    using clock = std::chrono::steady_clock;
    const auto deadline = clock::now() + std::chrono::duration<double>(timeout_seconds);
    char buf[65536];
    // Keep the start and the end of what it prints: a learner's print loop can
    // fill megabytes, and the test's verdict comes last.
    const std::size_t keep_head = max_output / 2, keep_tail = max_output - keep_head;
    std::string tail;
    RecordStreams* rec = spec.records;
    set_nonblocking(fds[0]);
    int out_fd = fds[0];
    int log_fd = rec ? rec->log : -1, report_fd = rec ? rec->report : -1, progress_fd = rec ? rec->progress : -1;
    for (int fd : {log_fd, report_fd, progress_fd}) set_nonblocking(fd);
    std::size_t progress_scanned = 0;
#ifdef SYS_pidfd_open
    const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));  // readable once it has ended
#else
    const int pidfd = -1;
#endif
    auto read_output = [&]() {
        while (true) {
            const ssize_t n = ::read(out_fd, buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) out_fd = -1;
                return;
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
    };
    auto read_records = [&](bool answer) {
        if (!rec) return;
        if (log_fd >= 0 && !read_into(log_fd, *rec, rec->log_data)) log_fd = -1;
        if (report_fd >= 0 && !read_into(report_fd, *rec, rec->report_data)) report_fd = -1;
        if (progress_fd < 0) return;
        const bool open = read_into(progress_fd, *rec, rec->progress_data);
        for (auto nl = rec->progress_data.find('\n', progress_scanned); nl != std::string::npos;
             nl = rec->progress_data.find('\n', progress_scanned)) {
            const std::string line = rec->progress_data.substr(progress_scanned, nl - progress_scanned);
            progress_scanned = nl + 1;
            if (line.rfind("start ", 0) != 0 && line != "finish") continue;
            // what the program wrote before this line is in the pipes by now: read it all
            if (log_fd >= 0 && !read_into(log_fd, *rec, rec->log_data)) log_fd = -1;
            if (report_fd >= 0 && !read_into(report_fd, *rec, rec->report_data)) report_fd = -1;
            // The observer waits for each answer before it writes on: an answer still
            // unread when the next line comes means that something else wrote the line.
            int unread = 0;
            if (::ioctl(progress_fd, SIOCOUTQ, &unread) == 0 && unread > 0) rec->unanswered = true;
            rec->syncs.emplace_back(line, rec->report_data.size());
            if (answer) (void)!::send(progress_fd, "k", 1, MSG_NOSIGNAL | MSG_DONTWAIT);
        }
        if (!open) progress_fd = -1;
    };
    auto ended = [&]() {
        siginfo_t info{};
        return ::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOWAIT | WNOHANG) == 0 && info.si_pid == pid;
    };
    while (true) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now()).count();
        if (interrupted()) {
            r.interrupted = true;
            break;
        }
        if (left <= 0) {
            r.timed_out = true;
            break;
        }
        std::vector<pollfd> watched;
        for (int fd : {out_fd, log_fd, report_fd, progress_fd, pidfd})
            if (fd >= 0) watched.push_back({fd, POLLIN, 0});
        const int wait_ms = static_cast<int>(std::min<long long>(left, pidfd >= 0 ? 200 : 5));
        const int ready = ::poll(watched.data(), watched.size(), wait_ms);
        if (ready < 0 && errno != EINTR) break;
        if (out_fd >= 0) read_output();
        read_records(true);
        // Once the program itself has ended, whatever still holds a pipe open is
        // something it left behind, and is not waited for; what it writes later is not read.
        if (ended()) {
            if (out_fd >= 0) read_output();
            read_records(false);
            // the last answer ("finish") is read by the observer before the report is written
            int unread = 0;
            if (rec && rec->progress >= 0 && ::ioctl(rec->progress, SIOCOUTQ, &unread) == 0 && unread > 0)
                rec->unanswered = true;
            break;
        }
    }
    if (pidfd >= 0) ::close(pidfd);
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

    // The child may still be finishing: wait for it, with the same deadline.
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
    int wstatus = 0;
    while (::waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {
    }
    g_child_group = 0;
    if (r.timed_out || r.interrupted) return r;
    if (WIFSIGNALED(wstatus)) {
        r.signaled = true;
        r.signal = WTERMSIG(wstatus);
    } else if (WIFEXITED(wstatus)) {
        r.exit_code = WEXITSTATUS(wstatus);
    }
    return r;
}

}  // namespace course
