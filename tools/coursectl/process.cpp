#include "process.hpp"

#include <algorithm>
#include <array>
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

// Everything the child needs, made before the fork: the child only places descriptors,
// sets limits and calls exec. Not copied or moved, so that the pointers stay valid.
struct ChildPlan {
    std::vector<std::string> env_strings;
    std::vector<char*> envp, args;

    explicit ChildPlan(const ProcessSpec& spec) {
        for (char** e = environ; *e; ++e)
            if (!spec.clean_env || passes_on(*e)) env_strings.emplace_back(*e);
        for (const auto& kv : spec.env) {
            const std::string name = kv.substr(0, kv.find('=') + 1);
            env_strings.erase(std::remove_if(env_strings.begin(), env_strings.end(),
                                             [&](const std::string& s) { return s.rfind(name, 0) == 0; }),
                              env_strings.end());
            env_strings.push_back(kv);
        }
        for (auto& kv : env_strings) envp.push_back(kv.data());
        envp.push_back(nullptr);
        for (const auto& a : spec.argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
    }
    ChildPlan(const ChildPlan&) = delete;
    ChildPlan& operator=(const ChildPlan&) = delete;
};

// In the child: why it cannot run, told through the status pipe (never through what it prints).
[[noreturn]] void refuse_start(int status_fd, const std::string& why) {
    (void)!::write(status_fd, why.data(), why.size());
    _exit(127);
}

// In the child: the extra descriptors first out of the way of 3, 4, ..., then into place;
// the status pipe right after them; the output pipe as 1 and 2, /dev/null as 0; nothing
// else of ours is inherited. Returns the status pipe's number.
int place_descriptors(const std::vector<int>& extra_fds, int out_write, int status_write) {
    std::vector<int> moved;
    for (int fd : extra_fds) moved.push_back(::fcntl(fd, F_DUPFD, 64));
    const int status_fd = ::fcntl(status_write, F_DUPFD_CLOEXEC, 64);
    for (std::size_t i = 0; i < moved.size(); ++i) ::dup2(moved[i], static_cast<int>(3 + i));
    const int status_slot = static_cast<int>(3 + moved.size());
    ::dup2(out_write, 1);
    ::dup2(out_write, 2);
    ::dup3(status_fd, status_slot, O_CLOEXEC);
    const int devnull = ::open("/dev/null", O_RDONLY);
    if (devnull >= 0) ::dup2(devnull, 0);
    ::close_range(static_cast<unsigned>(status_slot + 1), ~0u, 0);
    return status_slot;
}

// In the child: its address space, no core file, and the size of any file it writes.
void apply_limits(const ProcessSpec& spec) {
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
}

// The child's side of the fork, up to exec.
[[noreturn]] void become_child(const ProcessSpec& spec, const ChildPlan& plan, int out_write, int status_write,
                               pid_t checker) {
    // its own process group (a build) or session (a check: no controlling terminal,
    // so nothing it does reaches the learner's terminal)
    if (spec.new_session) ::setsid();
    else ::setpgid(0, 0);
    const int status_fd = place_descriptors(spec.extra_fds, out_write, status_write);
    apply_limits(spec);
    if (!spec.working_dir.empty() && ::chdir(spec.working_dir.c_str()) != 0)
        refuse_start(status_fd, "cannot enter " + spec.working_dir + ": " + std::strerror(errno));
    if (spec.before_exec) {
        const std::string why = spec.before_exec();
        if (!why.empty()) refuse_start(status_fd, why);
    }
    // ends with the checker, even if the checker itself is killed (set last: a
    // change of user clears it)
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != checker) _exit(127);
    ::execvpe(plan.args[0], plan.args.data(), plan.envp.data());
    refuse_start(status_fd, "cannot start " + spec.argv[0] + ": " + std::strerror(errno));
}

// Whether it started: the status pipe closes at its exec, or says why not. Read by the
// checker, never guessed from what the program printed. "" once it runs.
std::string read_start_status(int status_read) {
    std::string why;
    char buf[512];
    while (true) {
        const ssize_t n = ::read(status_read, buf, sizeof buf);
        if (n > 0) {
            why.append(buf, static_cast<std::size_t>(n));
            continue;
        }
        if (n < 0 && errno == EINTR && !interrupted()) continue;
        break;
    }
    ::close(status_read);
    return why;
}

// Keeps the start and the end of what it prints: a learner's print loop can fill
// megabytes, and the test's verdict comes last.
class OutputKeeper {
public:
    OutputKeeper(int fd, std::size_t max_output, ProcessResult& r)
        : fd_(fd), keep_head_(max_output / 2), keep_tail_(max_output - keep_head_), r_(r) {
        set_nonblocking(fd);
    }
    int fd() const { return fd_; }  // -1 once the pipe has ended

    // Reads what is there now.
    void read() {
        char buf[65536];
        while (fd_ >= 0) {
            const ssize_t n = ::read(fd_, buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) fd_ = -1;
                return;
            }
            r_.total_output += static_cast<std::size_t>(n);
            std::size_t used = 0;
            if (r_.output.size() < keep_head_) {
                used = std::min(static_cast<std::size_t>(n), keep_head_ - r_.output.size());
                r_.output.append(buf, used);
            }
            tail_.append(buf + used, static_cast<std::size_t>(n) - used);
            if (tail_.size() > 2 * keep_tail_) tail_.erase(0, tail_.size() - keep_tail_);  // now and then, not per read
        }
    }

    // The head, a line saying how much was not kept, and the tail from a whole line on.
    void finish() {
        if (tail_.size() > keep_tail_) {
            tail_.erase(0, tail_.size() - keep_tail_);
            // start at a whole line when there is one
            const auto nl = tail_.find('\n');
            if (nl != std::string::npos && nl + 1 < tail_.size()) tail_.erase(0, nl + 1);
        }
        if (r_.output.size() + tail_.size() < r_.total_output)
            r_.output += "\n[... " + std::to_string(r_.total_output - r_.output.size() - tail_.size()) +
                         " bytes not kept ...]\n";
        r_.output += tail_;
    }

private:
    int fd_;
    const std::size_t keep_head_, keep_tail_;
    std::string tail_;
    ProcessResult& r_;
};

// Reads a check's record while it runs (RecordStreams), and answers each "start ..." and
// "finish" line of the progress socket once the log and the report are read up to it.
class RecordReader {
public:
    explicit RecordReader(RecordStreams* rec)
        : rec_(rec), log_(rec ? rec->log : -1), report_(rec ? rec->report : -1), progress_(rec ? rec->progress : -1) {
        for (int fd : {log_, report_, progress_}) set_nonblocking(fd);
    }
    std::array<int, 3> fds() const { return {log_, report_, progress_}; }  // -1 for each that has ended

    void read(bool answer) {
        if (!rec_) return;
        read_log_and_report();
        if (progress_ < 0) return;
        const bool open = read_into(progress_, *rec_, rec_->progress_data);
        for (auto nl = rec_->progress_data.find('\n', scanned_); nl != std::string::npos;
             nl = rec_->progress_data.find('\n', scanned_)) {
            const std::string line = rec_->progress_data.substr(scanned_, nl - scanned_);
            scanned_ = nl + 1;
            if (line.rfind("start ", 0) != 0 && line != "finish") continue;
            // what the program wrote before this line is in the pipes by now: read it all
            read_log_and_report();
            // The observer waits for each answer before it writes on: an answer still
            // unread when the next line comes means that something else wrote the line.
            int unread = 0;
            if (::ioctl(progress_, SIOCOUTQ, &unread) == 0 && unread > 0) rec_->unanswered = true;
            rec_->syncs.emplace_back(line, rec_->report_data.size());
            if (answer) (void)!::send(progress_, "k", 1, MSG_NOSIGNAL | MSG_DONTWAIT);
        }
        if (!open) progress_ = -1;
    }

    // Once the program has ended: the last answer ("finish") is read by the observer
    // before the report is written, so an answer still unread means another writer.
    void after_end() {
        int unread = 0;
        if (rec_ && rec_->progress >= 0 && ::ioctl(rec_->progress, SIOCOUTQ, &unread) == 0 && unread > 0)
            rec_->unanswered = true;
    }

private:
    void read_log_and_report() {
        if (log_ >= 0 && !read_into(log_, *rec_, rec_->log_data)) log_ = -1;
        if (report_ >= 0 && !read_into(report_, *rec_, rec_->report_data)) report_ = -1;
    }
    RecordStreams* rec_;
    int log_, report_, progress_;
    std::size_t scanned_ = 0;
};

using Clock = std::chrono::steady_clock;
using Deadline = decltype(Clock::now() + std::chrono::duration<double>(0));  // seconds as given, not rounded

bool has_ended(pid_t pid) {
    siginfo_t info{};
    return ::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOWAIT | WNOHANG) == 0 && info.si_pid == pid;
}

// Reads its output and record until it ends, the time is up or the learner stops it.
// Once the program itself has ended, whatever still holds a pipe open is something it
// left behind, and is not waited for; what it writes later is not read.
void follow(pid_t pid, int pidfd, Deadline deadline, OutputKeeper& out, RecordReader& records,
            ProcessResult& r) {
    while (true) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (interrupted()) {
            r.interrupted = true;
            return;
        }
        if (left <= 0) {
            r.timed_out = true;
            return;
        }
        std::vector<pollfd> watched;
        const auto rec = records.fds();
        for (int fd : {out.fd(), rec[0], rec[1], rec[2], pidfd})
            if (fd >= 0) watched.push_back({fd, POLLIN, 0});
        const int wait_ms = static_cast<int>(std::min<long long>(left, pidfd >= 0 ? 200 : 5));
        const int ready = ::poll(watched.data(), watched.size(), wait_ms);
        if (ready < 0 && errno != EINTR) return;
        out.read();
        records.read(true);
        if (has_ended(pid)) {
            out.read();
            records.read(false);
            records.after_end();
            return;
        }
    }
}

// The child may still be finishing: waits for it, with the same deadline, then ends
// whatever is left of its group (a background job of the program) and reads how it
// ended. WNOWAIT leaves it a zombie, so its process group still exists (and cannot be
// reused) when what is left of it is killed.
void reap(pid_t pid, Deadline deadline, ProcessResult& r) {
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
        if (Clock::now() > deadline && !stopping) {
            r.timed_out = true;
            ::kill(-pid, SIGKILL);
            continue;
        }
        ::usleep(2000);
    }
    ::kill(-pid, SIGKILL);
    int wstatus = 0;
    while (::waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {
    }
    g_child_group = 0;
    if (r.timed_out || r.interrupted) return;
    if (WIFSIGNALED(wstatus)) {
        r.signaled = true;
        r.signal = WTERMSIG(wstatus);
    } else if (WIFEXITED(wstatus)) {
        r.exit_code = WEXITSTATUS(wstatus);
    }
}

// The parent's side once the program runs: its output and record, its end.
void watch_child(const ProcessSpec& spec, pid_t pid, int out_read, ProcessResult& r) {
    const auto deadline = Clock::now() + std::chrono::duration<double>(spec.timeout_seconds);
    OutputKeeper out(out_read, spec.max_output, r);
    RecordReader records(spec.records);
#ifdef SYS_pidfd_open
    const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));  // readable once it has ended
#else
    const int pidfd = -1;
#endif
    follow(pid, pidfd, deadline, out, records, r);
    if (pidfd >= 0) ::close(pidfd);
    out.finish();
    if (r.timed_out || r.interrupted) ::kill(-pid, SIGKILL);
    ::close(out_read);
    reap(pid, deadline, r);
}

}  // namespace

ProcessResult run_process(const ProcessSpec& spec) {
    ProcessResult r;
    if (interrupted()) {
        r.interrupted = true;
        return r;
    }
    int out[2], status[2];
    if (spec.argv.empty() || ::pipe2(out, O_CLOEXEC) != 0) {
        r.failed_to_start = true;
        return r;
    }
    if (::pipe2(status, O_CLOEXEC) != 0) {
        ::close(out[0]);
        ::close(out[1]);
        r.failed_to_start = true;
        return r;
    }
    const ChildPlan plan(spec);
    const pid_t checker = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
        for (int fd : {out[0], out[1], status[0], status[1]}) ::close(fd);
        r.failed_to_start = true;
        return r;
    }
    if (pid == 0) become_child(spec, plan, out[1], status[1], checker);
    if (!spec.new_session) ::setpgid(pid, pid);  // also from the parent, so the group exists before we might kill it
    ::close(out[1]);
    ::close(status[1]);
    const std::string why = read_start_status(status[0]);
    if (!why.empty()) {
        ::kill(pid, SIGKILL);
        while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
        }
        ::close(out[0]);
        r.failed_to_start = true;
        r.start_error = why;
        r.output = why;
        return r;
    }
    g_child_group = pid;
    if (interrupted()) ::kill(-pid, SIGKILL);
    watch_child(spec, pid, out[0], r);
    return r;
}

}  // namespace course
