#include "sandbox.hpp"

#include <algorithm>
#include <optional>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <filesystem>
#include <functional>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <stdexcept>
#include <grp.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "guard.hpp"
#include "record.hpp"
#include "state.hpp"

namespace fs = std::filesystem;

namespace course {

namespace {

// The sandbox's own scratch folder is a tmpfs: bounded, so that writing files
// cannot use up the machine's memory either.
constexpr const char* kScratchSize = "268435456";  // 256 MiB
constexpr const char* kShmSize = "67108864";       // 64 MiB

std::string find_on_path(const std::string& program) {
    const char* path = std::getenv("PATH");
    std::istringstream dirs(path ? path : "/usr/bin:/bin");
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
        const std::string candidate = (dir.empty() ? "." : dir) + "/" + program;
        if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
    return "";
}

std::string first_line(const std::string& text) {
    const auto nl = text.find('\n');
    return nl == std::string::npos ? text : text.substr(0, nl);
}

std::string make_temp_dir(const char* pattern) {
    const char* tmp = std::getenv("TMPDIR");
    std::string templ = std::string(tmp && *tmp ? tmp : "/tmp") + "/" + pattern;
    std::vector<char> buf(templ.begin(), templ.end());
    buf.push_back('\0');
    if (!::mkdtemp(buf.data())) throw std::runtime_error("cannot make a scratch folder in " + templ + ": " + std::strerror(errno));
    return buf.data();
}

// Processes whose parent is this one, from /proc.
std::vector<pid_t> own_children() {
    std::vector<pid_t> out;
    DIR* d = ::opendir("/proc");
    if (!d) return out;
    const pid_t self = ::getpid();
    while (dirent* e = ::readdir(d)) {
        char* end = nullptr;
        const long pid = std::strtol(e->d_name, &end, 10);
        if (*end != '\0' || pid <= 0) continue;
        std::ifstream stat("/proc/" + std::string(e->d_name) + "/stat");
        std::string line;
        if (!std::getline(stat, line)) continue;
        // "pid (comm) state ppid ...": comm may hold spaces and parentheses
        const auto close = line.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream rest(line.substr(close + 1));
        char state = 0;
        long ppid = 0;
        rest >> state >> ppid;
        if (ppid == self) out.push_back(static_cast<pid_t>(pid));
    }
    ::closedir(d);
    return out;
}

// Ends every process the check left behind. This process is their subreaper
// (fallback mode), so anything that escaped the process group, by setsid() or
// a double fork, became our child when its parent ended.
void end_leftover_processes() {
    int quiet_rounds = 0;
    for (int round = 0; round < 200 && quiet_rounds < 2; ++round) {
        const auto children = own_children();
        if (children.empty()) {
            ++quiet_rounds;
        } else {
            quiet_rounds = 0;
            for (pid_t p : children) ::kill(p, SIGKILL);
        }
        while (::waitpid(-1, nullptr, WNOHANG) > 0) {
        }
        if (!children.empty() || quiet_rounds < 2) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
}

// The scratch folders of checkers that were ended before they could remove theirs
// (course-scratch-PID.* of a PID that is gone).
void remove_stale_scratch() {
    static bool done = false;
    if (done) return;
    done = true;
    const char* tmp = std::getenv("TMPDIR");
    const std::string dir = tmp && *tmp ? tmp : "/tmp";
    DIR* d = ::opendir(dir.c_str());
    if (!d) return;
    std::vector<std::string> stale;
    while (dirent* e = ::readdir(d)) {
        const std::string n = e->d_name;
        if (n.rfind("course-scratch-", 0) != 0) continue;
        const long pid = std::strtol(n.c_str() + 15, nullptr, 10);
        struct stat st {};
        if (pid > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH &&
            ::lstat((dir + "/" + n).c_str(), &st) == 0 && S_ISDIR(st.st_mode) &&
            (st.st_uid == ::geteuid() || (::geteuid() == 0 && st.st_uid == 65534)))
            stale.push_back(dir + "/" + n);
    }
    ::closedir(d);
    std::error_code ec;
    for (const auto& s : stale) fs::remove_all(s, ec);
}

}  // namespace

std::string read_whole(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

// --- containment --------------------------------------------------------------

namespace {

// The program line of bubblewrap, for a probe or a check.
bool exists_dir(const std::string& p) {
    struct stat st {};
    return ::lstat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

}  // namespace

Sandbox Sandbox::detect(const std::string& requested, bool unsafe) {
    Sandbox s;
    if (requested != "auto" && requested != "bwrap" && requested != "fallback")
        throw std::invalid_argument("--sandbox takes auto, bwrap or fallback; got '" + requested + "'");
    s.root_ = ::geteuid() == 0;
    s.unsafe_ = unsafe;
    if (requested == "fallback") {
        s.why_ = "asked for with --sandbox fallback";
    } else if (find_on_path("bwrap").empty()) {
        s.why_ = "bubblewrap is not installed";
    } else {
        s.mode_ = Mode::Bubblewrap;
        const auto probe = run_process(s.wrap({"true"}, {}), 20, 4096);
        if (probe.failed_to_start || probe.timed_out || probe.signaled || probe.exit_code != 0) {
            s.mode_ = Mode::Fallback;
            const std::string said = probe.output.empty() ? "exit code " + std::to_string(probe.exit_code) : first_line(probe.output);
            s.why_ = "bubblewrap cannot run here (" + said + ")";
        }
    }
    if (s.mode_ == Mode::Bubblewrap) {
        s.compile_sandboxed_ = true;
    } else if (requested == "fallback" && !find_on_path("bwrap").empty()) {
        // the check's fallback was asked for; the compile still goes into bubblewrap where it runs
        Sandbox probe;
        probe.mode_ = Mode::Bubblewrap;
        const auto r = run_process(probe.wrap({"true"}, {}), 20, 4096);
        s.compile_sandboxed_ = !r.failed_to_start && !r.timed_out && !r.signaled && r.exit_code == 0;
    }
    s.cgroup_ = !memory_cgroup_kind().empty();
    if (s.mode_ == Mode::Fallback) {
        if (requested == "bwrap") throw std::runtime_error("--sandbox bwrap: " + s.why_);
        // orphans of the check become our children, so that none can outlive it
        ::prctl(PR_SET_CHILD_SUBREAPER, 1);
        // COURSE_LANDLOCK=0: without it, as on a kernel that has none (the suite tests that path)
        const char* ll = std::getenv("COURSE_LANDLOCK");
        const bool turned_off = ll && std::string(ll) == "0";
        s.landlock_ = landlock_abi() >= 1 && !turned_off;
        if (!s.landlock_)
            s.no_landlock_ = landlock_abi() >= 1 ? "Landlock is turned off (COURSE_LANDLOCK=0)" : "this kernel offers no Landlock";
    }
    return s;
}

void Sandbox::choose_user(const std::string& program, const std::string& root) {
    if (mode_ != Mode::Fallback || !root_ || run_as_ >= 0) return;
    // Can nobody (65534) run the program and read the course? Asked of the kernel, in a child.
    const pid_t pid = ::fork();
    if (pid == 0) {
        if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0) _exit(1);
        _exit(::access(program.c_str(), X_OK) == 0 && ::access((root + "/exercises").c_str(), R_OK | X_OK) == 0 ? 0 : 1);
    }
    int status = 0;
    if (pid > 0 && ::waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0) run_as_ = 65534;
}

std::string Sandbox::describe() const {
    const std::string memory = cgroup_ ? "" : "; memory is limited per process (no memory cgroup can be made here)";
    if (mode_ == Mode::Bubblewrap)
        return "your code runs in a bubblewrap sandbox: no privileges, read-only files, no network or host sockets, "
               "nothing left running; it is compiled in one too" + memory;
    std::string s = "your code runs WITHOUT a sandbox: " + why_;
    if (landlock_) {
        s += "; to get one: apt-get install bubblewrap, and allow user namespaces (sysctl "
             "kernel.unprivileged_userns_clone=1 and, on Ubuntu, kernel.apparmor_restrict_unprivileged_userns=0). "
             "Instead: its own session, Landlock keeps every file read-only but its scratch folder, ";
    } else {
        // only with --unsafe (otherwise refusal() is said instead, and nothing runs)
        s += ", and " + no_landlock_ + "; you accepted that with --unsafe. So your code can change any file its user "
             "may: the course folder is put back after each check, unless your code rewrites the record kept for "
             "that; your home folder, /tmp, /var/tmp and /dev/shm are not put back; and it can signal your other "
             "programs. Still: its own session, ";
    }
    s += "a filter refuses it sockets, ptrace and signals to the checker";
    if (root_) s += run_as_ >= 0 ? ", and it runs as the user nobody" : ", and it runs as root (nobody cannot reach this folder)";
    s += compile_sandboxed_ ? "; it is compiled in a bubblewrap sandbox"
                            : "; it is compiled WITHOUT a sandbox too (within its limits of time, memory and size), "
                              "so the compiler can read any file you can";
    if (!landlock_) s += "; without --unsafe, ./course says how to get a sandbox";
    return s + memory;
}

std::string Sandbox::refusal() const {
    // why_ says what became of bubblewrap: "asked for ..." reads as a sentence with its subject
    const bool asked = why_.rfind("asked for", 0) == 0;
    std::string s =
        "course: refused to run your code: nothing here can contain it, so it was neither compiled nor run, and "
        "nothing was written.\n"
        "  Why: " + (asked ? "the fallback was " + why_ : why_) + ", and " + no_landlock_ + ".\n"
        "  Without either, your code would run unconfined and could\n"
        "    - change files outside the course folder (your home folder, /tmp, /var/tmp, /dev/shm), which nothing puts back;\n"
        "    - send signals to your other programs;\n"
        "    - rewrite the record the checker keeps to put the course folder back (.course/guard/pending).\n"
        "  To get a sandbox, either of:\n";
    if (asked && compile_sandboxed_) s += "    - leave out --sandbox fallback (and COURSE_SANDBOX): bubblewrap runs here;\n";
    if (landlock_abi() >= 1) s += "    - unset COURSE_LANDLOCK: this kernel has Landlock;\n";
    s += "    - bubblewrap: apt-get install bubblewrap (./course deps does it), and allow user namespaces:\n"
         "      sysctl kernel.unprivileged_userns_clone=1, and on Ubuntu also sysctl "
         "kernel.apparmor_restrict_unprivileged_userns=0\n"
         "      (in a container, the container must allow them: docs/CONTAINMENT.md);\n"
         "    - Landlock: a kernel of Linux 5.13 or later with landlock in its list of security modules\n"
         "      (cat /sys/kernel/security/lsm; the lsm= boot parameter adds it).\n"
         "  To run it anyway, at your own risk: add --unsafe (./course check --unsafe, ./course watch --unsafe,\n"
         "  ./course run NN --mine --unsafe).";
    return s;
}

std::vector<std::string> Sandbox::wrap(const std::vector<std::string>& argv, const std::vector<std::string>& visible,
                                       int seccomp_fd) const {
    if (mode_ != Mode::Bubblewrap) return argv;  // fallback: run_contained gives it a scratch folder
    std::vector<std::string> w = {
        "bwrap",
        "--ro-bind", "/", "/",                           // every file read-only ...
        "--dev", "/dev", "--proc", "/proc",              // ... a private /dev and /proc ...
        "--size", kScratchSize, "--tmpfs", "/tmp",       // ... and a private, bounded /tmp to write in
        "--size", kShmSize, "--tmpfs", "/dev/shm",       // a bounded /dev/shm; the rest of /dev read-only
        "--remount-ro", "/dev"};
    // The host's services listen on Unix sockets below these (D-Bus, systemd, docker,
    // ssh-agent, the user's runtime folder): empty and read-only in the sandbox.
    std::vector<std::string> hidden = {"/run", "/var/run", "/home", "/root", "/var/tmp", "/mnt", "/media"};
    if (const char* xdg = std::getenv("XDG_RUNTIME_DIR"); xdg && *xdg) hidden.push_back(xdg);
    std::vector<std::string> emptied;
    for (const auto& dir : hidden) {
        // (/var/run is mostly a link to /run: a link is left alone, its target is emptied)
        if (!exists_dir(dir) || std::find(emptied.begin(), emptied.end(), dir) != emptied.end()) continue;
        emptied.push_back(dir);
        w.insert(w.end(), {"--size", "65536", "--tmpfs", dir});
    }
    // The course, build and program folders may live below one of those (or /tmp):
    // bound back, read-only like everything else.
    std::error_code ec;
    for (const auto& dir : visible) {
        if (dir.empty() || !fs::is_directory(dir, ec)) continue;
        const std::string real = fs::canonical(dir, ec).string();
        if (ec || real.empty()) continue;
        w.insert(w.end(), {"--ro-bind", real, real});
    }
    for (const auto& dir : emptied) w.insert(w.end(), {"--remount-ro", dir});
    w.insert(w.end(), {
        "--unshare-all",                                 // no network; its own pids: it ends with the check
        "--unshare-user", "--uid", "65534", "--gid", "65534",  // nobody inside, as root too ...
        "--cap-drop", "ALL",                             // ... with no capabilities (no remount, no mount)
        "--die-with-parent", "--new-session",
        "--chdir", "/tmp", "--setenv", "HOME", "/tmp", "--setenv", "TMPDIR", "/tmp"});
    if (seccomp_fd >= 0) w.insert(w.end(), {"--seccomp", std::to_string(seccomp_fd)});
    w.push_back("--");
    w.insert(w.end(), argv.begin(), argv.end());
    return w;
}

// --- one contained run ------------------------------------------------------------

namespace {

// The guard around one run: the course folder always (a second line behind the sandbox),
// the build folder and the content of small files where the code could write them (the
// fallback without Landlock). There the journal goes to disk first, so that even a
// checker that is killed leaves what it needs to put things back.
struct GuardedFolder {
    std::string state, journal;
    std::unique_ptr<CourseLock> lock;  // the journal and the folder belong to one check at a time
    std::unique_ptr<FolderGuard> before;

    GuardedFolder(const Sandbox& sandbox, const ContainedRun& run)
        : state(run.state_dir.empty() ? run.root + "/.course" : run.state_dir), journal(state + "/guard/pending") {
        if (!run.guard || run.root.empty()) return;
        if (sandbox.mode() == Sandbox::Mode::Fallback) lock = std::make_unique<CourseLock>(state);
        before = std::make_unique<FolderGuard>(run.root, run.build, sandbox.code_could_write());
        if (sandbox.code_could_write()) before->save(journal);
    }

    // After the run: every change settled by the rules of docs/CONTAINMENT.md.
    FolderGuard::Outcome settle(const Sandbox& sandbox, const ContainedRun& run) const {
        if (!before) return {};
        GuardPolicy policy;
        policy.code_could_write = sandbox.code_could_write();
        policy.checked_file = run.checked_file;
        policy.state_dir = state;
        auto outcome = before->settle(policy);
        std::error_code ec;
        if (sandbox.code_could_write()) fs::remove(journal, ec);
        return outcome;
    }
};

// The record comes through descriptors the checker holds: pipes for the log (3) and the
// report (4), a socket for the progress (5), whose lines the checker answers. The program
// writes /dev/fd/N and never learns a path; a pipe cannot be rewound, so what Boost.Test
// wrote stays written.
struct RecordChannels {
    RecordStreams streams;
    std::vector<int> child_ends, parent_ends;

    // Hands the child its ends and the arguments that make Boost.Test write to them.
    void attach(ProcessSpec& spec, std::vector<std::string>& argv) {
        int log[2], report[2], progress[2];
        if (::pipe2(log, O_CLOEXEC) != 0 || ::pipe2(report, O_CLOEXEC) != 0 ||
            ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, progress) != 0)
            throw std::runtime_error(std::string("cannot make the check's record channels: ") + std::strerror(errno));
        streams.log = log[0];
        streams.report = report[0];
        streams.progress = progress[0];
        parent_ends = {log[0], report[0], progress[0]};
        child_ends = {log[1], report[1], progress[1]};
        spec.extra_fds = child_ends;
        spec.records = &streams;
        spec.env.push_back(kProgressEnv);
        const auto extra = record_arguments();
        argv.insert(argv.end(), extra.begin(), extra.end());
    }
    void close_all() {
        for (int fd : parent_ends) ::close(fd);
        for (int fd : child_ends) ::close(fd);
    }
};

// The fallback's containment, applied by the child just before exec (and the memory
// cgroup in both modes): the user nobody where chosen, Landlock, the seccomp filter.
std::function<std::string()> contain_before_exec(const Sandbox& sandbox, const std::string& procs,
                                                 const std::string& scratch) {
    const pid_t checker = ::getpid();
    const bool fallback = sandbox.mode() == Sandbox::Mode::Fallback;
    const int run_as = sandbox.run_as();
    const bool landlock = sandbox.landlock();
    return [procs, checker, fallback, run_as, landlock, scratch]() -> std::string {
        if (!join_cgroup(procs)) return "cannot join the check's memory cgroup";
        if (!fallback) return "";
        if (run_as >= 0 && (::setgroups(0, nullptr) != 0 || ::setgid(static_cast<gid_t>(run_as)) != 0 ||
                            ::setuid(static_cast<uid_t>(run_as)) != 0))
            return "cannot run the check as the user nobody";
        if (landlock && !apply_landlock({scratch})) return "cannot apply Landlock (the kernel refused it)";
        if (!apply_seccomp(checker)) return "cannot apply the seccomp filter";
        return "";
    };
}

// The fallback's scratch folder: its working folder, HOME and TMPDIR ("" under bubblewrap,
// whose private /tmp is that folder).
std::string make_scratch(const Sandbox& sandbox, ProcessSpec& spec) {
    if (sandbox.mode() != Sandbox::Mode::Fallback) return "";
    remove_stale_scratch();
    const std::string scratch = make_temp_dir(("course-scratch-" + std::to_string(::getpid()) + ".XXXXXX").c_str());
    if (sandbox.run_as() >= 0) (void)!::chown(scratch.c_str(), sandbox.run_as(), sandbox.run_as());
    spec.working_dir = scratch;
    spec.env.push_back("HOME=" + scratch);
    spec.env.push_back("TMPDIR=" + scratch);
    return scratch;
}

// What the run leaves for the verdict: the record, moved out of the channels, and the
// signal bubblewrap passes on as the exit code 128 + signal.
void take_record(const Sandbox& sandbox, RecordStreams& streams, ContainedResult& out) {
    auto& p = out.process;
    if (sandbox.mode() == Sandbox::Mode::Bubblewrap && !p.signaled && p.exit_code > 128 && p.exit_code < 128 + 65) {
        p.signaled = true;
        p.signal = p.exit_code - 128;
    }
    out.log_xml = std::move(streams.log_data);
    out.report_xml = std::move(streams.report_data);
    out.progress = std::move(streams.progress_data);
    out.syncs = std::move(streams.syncs);
    out.record_too_large = streams.too_large;
    out.progress_unanswered = streams.unanswered;
}

}  // namespace

ContainedResult run_contained(const Sandbox& sandbox, const ContainedRun& run) {
    ContainedResult out;
    const GuardedFolder guard(sandbox, run);
    ProcessSpec spec;
    spec.timeout_seconds = run.timeout_seconds;
    spec.memory_limit = run.memory_limit;
    spec.new_session = true;
    spec.clean_env = true;
    // one thread: a check needs no more, and OpenBLAS reserves memory per thread
    spec.env = {"OPENBLAS_NUM_THREADS=1"};
    std::vector<std::string> argv = run.argv;
    RecordChannels channels;
    if (run.with_record) channels.attach(spec, argv);
    int seccomp_fd = -1;
    if (sandbox.mode() == Sandbox::Mode::Bubblewrap) {
        seccomp_fd = seccomp_program_fd();
        if (seccomp_fd >= 0) spec.extra_fds.push_back(seccomp_fd);
    }
    std::unique_ptr<MemoryCgroup> cgroup;
    if (sandbox.memory_cgroup() && run.memory_limit > 0) {
        cgroup = std::make_unique<MemoryCgroup>(run.memory_limit);
        if (!cgroup->ok()) cgroup.reset();
    }
    // As another user (nobody), the program must be able to open its own ends again
    // (/dev/fd/3 and /dev/fd/4 are opened by name): they are made its own.
    if (sandbox.run_as() >= 0)
        for (int fd : channels.child_ends)
            (void)!::fchown(fd, static_cast<uid_t>(sandbox.run_as()), static_cast<gid_t>(sandbox.run_as()));
    const std::string scratch = make_scratch(sandbox, spec);
    spec.before_exec = contain_before_exec(sandbox, cgroup ? cgroup->procs_file() : "", scratch);
    // the file descriptor numbers the program line names: 3, 4, 5 and then the filter's
    const int seccomp_slot = seccomp_fd >= 0 ? 3 + static_cast<int>(spec.extra_fds.size()) - 1 : -1;
    spec.argv = sandbox.wrap(argv, {run.root, run.build, fs::path(run.argv.at(0)).parent_path().string()}, seccomp_slot);

    out.process = run_process(spec);
    channels.close_all();
    if (seccomp_fd >= 0) ::close(seccomp_fd);
    if (cgroup) {
        out.out_of_memory = cgroup->oom_killed();
        cgroup->kill_all();
    }
    end_leftover_processes();
    cgroup.reset();
    take_record(sandbox, channels.streams, out);
    std::error_code ec;
    if (!scratch.empty()) fs::remove_all(scratch, ec);
    out.guard = guard.settle(sandbox, run);
    return out;
}

std::vector<std::string> replay_interrupted_check(const std::string& state_dir) {
    const std::string journal = state_dir + "/guard/pending";
    struct stat st {};
    if (::lstat(journal.c_str(), &st) != 0) return {};
    const auto lock = CourseLock::try_take(state_dir);
    if (!lock) return {};  // a check is running now: the journal is its own
    const auto guard = FolderGuard::load(journal);
    std::vector<std::string> lines;
    if (guard) {
        GuardPolicy policy;
        policy.state_dir = state_dir;
        lines = guard->settle(policy).lines;
    }
    std::error_code ec;
    fs::remove(journal, ec);
    return lines;
}

// --- sizes ------------------------------------------------------------------------

std::string describe_bytes(std::size_t bytes) {
    const std::size_t gib = std::size_t(1) << 30, mib = std::size_t(1) << 20;
    std::ostringstream s;
    if (bytes >= gib && bytes % gib == 0) s << bytes / gib << " GiB";
    else if (bytes >= mib) s << bytes / mib << " MiB";
    else s << bytes << " bytes";
    return s.str();
}

std::size_t parse_bytes(const std::string& text) {
    std::size_t used = 0;
    double value = 0;
    try {
        value = std::stod(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    std::string unit = text.substr(used);
    for (auto& c : unit) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    double scale = 0;
    if (unit.empty() || unit == "B") scale = 1;
    else if (unit == "K" || unit == "KIB" || unit == "KB") scale = 1024.0;
    else if (unit == "M" || unit == "MIB" || unit == "MB") scale = 1024.0 * 1024;
    else if (unit == "G" || unit == "GIB" || unit == "GB") scale = 1024.0 * 1024 * 1024;
    if (used == 0 || scale == 0 || !(value > 0) || value * scale > 1e15)
        throw std::invalid_argument("a memory size is a number with K, M or G, such as 2G or 512M; got '" + text + "'");
    return static_cast<std::size_t>(value * scale);
}

}  // namespace course
