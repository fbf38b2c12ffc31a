#include "sandbox.hpp"

#include <optional>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <stdexcept>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "record.hpp"

namespace fs = std::filesystem;

namespace course {

namespace {

// The sandbox's own scratch folder is a tmpfs: bounded, so that writing files
// cannot use up the machine's memory either.
constexpr const char* kScratchSize = "268435456";  // 256 MiB

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

}  // namespace

std::string read_whole(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

// --- containment --------------------------------------------------------------

Sandbox Sandbox::detect(const std::string& requested) {
    Sandbox s;
    if (requested != "auto" && requested != "bwrap" && requested != "fallback")
        throw std::invalid_argument("--sandbox takes auto, bwrap or fallback; got '" + requested + "'");
    if (requested == "fallback") {
        s.why_ = "asked for with --sandbox fallback";
    } else if (find_on_path("bwrap").empty()) {
        s.why_ = "bubblewrap is not installed (apt-get install bubblewrap)";
    } else {
        s.mode_ = Mode::Bubblewrap;
        const auto probe = run_process(s.wrap({"true"}, {}), 20, 4096);
        if (probe.failed_to_start || probe.timed_out || probe.signaled || probe.exit_code != 0) {
            s.mode_ = Mode::Fallback;
            s.why_ = "bubblewrap cannot run here (" +
                     (probe.output.empty() ? std::string("exit code ") + std::to_string(probe.exit_code)
                                           : first_line(probe.output)) +
                     ")";
        }
    }
    if (s.mode_ == Mode::Fallback) {
        if (requested == "bwrap") throw std::runtime_error("--sandbox bwrap: " + s.why_);
        // orphans of the check become our children, so that none can outlive it
        ::prctl(PR_SET_CHILD_SUBREAPER, 1);
    }
    return s;
}

std::string Sandbox::describe() const {
    if (mode_ == Mode::Bubblewrap)
        return "your code runs in a bubblewrap sandbox: read-only files, no network, nothing left running";
    return "your code runs with limits but without a sandbox: " + why_ +
           "; files it changes outside build/ are put back after each check";
}

std::vector<std::string> Sandbox::wrap(const std::vector<std::string>& argv, const std::vector<std::string>& visible) const {
    if (mode_ != Mode::Bubblewrap) return argv;  // fallback: run_contained gives it a scratch folder
    std::vector<std::string> w = {
        "bwrap",
        "--ro-bind", "/", "/",                           // every file read-only ...
        "--dev", "/dev", "--proc", "/proc",              // ... a private /dev and /proc ...
        "--size", kScratchSize, "--tmpfs", "/tmp",       // ... and a private, bounded /tmp to write in
        "--unshare-all",                                 // no network; its own pids: it ends with the check
        "--die-with-parent", "--new-session",
        "--chdir", "/tmp", "--setenv", "HOME", "/tmp", "--setenv", "TMPDIR", "/tmp"};
    // A course (or build) folder under /tmp would vanish below the private /tmp:
    // bind it back, read-only like everything else.
    std::error_code ec;
    for (const auto& dir : visible) {
        if (dir.empty() || !fs::is_directory(dir, ec)) continue;
        const std::string real = fs::canonical(dir, ec).string();
        if (ec || real.empty()) continue;
        w.insert(w.end(), {"--ro-bind", real, real});
    }
    w.push_back("--");
    w.insert(w.end(), argv.begin(), argv.end());
    return w;
}

// --- one contained run ------------------------------------------------------------

ContainedResult run_contained(const Sandbox& sandbox, const ContainedRun& run) {
    ContainedResult out;
    // The fallback has nothing but this fingerprint between the check and the course
    // folder. Under bubblewrap the kernel keeps the whole folder read-only, so the
    // scan (every file below the folder, .git included: about 70 ms of CPU a check) is not made.
    std::vector<std::string> excluded = {run.build};
    std::optional<TreeFingerprint> before;
    if (sandbox.mode() != Sandbox::Mode::Bubblewrap) before.emplace(run.root, excluded);

    ProcessSpec spec;
    spec.timeout_seconds = run.timeout_seconds;
    spec.memory_limit = run.memory_limit;
    // one thread: a check needs no more, and OpenBLAS reserves memory per thread
    spec.env = {"OPENBLAS_NUM_THREADS=1"};
    std::vector<std::string> argv = run.argv;

    // The record goes to files in a folder of the checker's own, handed over as
    // open descriptors: the program writes to /dev/fd/N and never learns a path.
    std::string record_dir;
    const char* const record_names[] = {"log.xml", "report.xml", "progress.txt"};
    std::vector<int> record_fds;
    if (run.with_record) {
        record_dir = make_temp_dir("course-record.XXXXXX");
        for (const char* name : record_names) {
            const std::string path = record_dir + "/" + name;
            const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
            if (fd < 0) throw std::runtime_error("cannot make the check's record in " + record_dir);
            record_fds.push_back(fd);
        }
        spec.extra_fds = record_fds;
        spec.env.push_back(kProgressEnv);
        const auto extra = record_arguments();
        argv.insert(argv.end(), extra.begin(), extra.end());
    }
    std::string scratch;
    if (sandbox.mode() == Sandbox::Mode::Fallback) {
        scratch = make_temp_dir("course-scratch.XXXXXX");
        spec.working_dir = scratch;
        spec.env.push_back("HOME=" + scratch);
        spec.env.push_back("TMPDIR=" + scratch);
    }
    spec.argv = sandbox.wrap(argv, {run.root, run.build, fs::path(run.argv.at(0)).parent_path().string()});

    out.process = run_process(spec);
    end_leftover_processes();
    // bubblewrap passes a signal on as the exit code 128 + signal
    auto& p = out.process;
    if (sandbox.mode() == Sandbox::Mode::Bubblewrap && !p.signaled && p.exit_code > 128 && p.exit_code < 128 + 65) {
        p.signaled = true;
        p.signal = p.exit_code - 128;
    }

    std::error_code ec;
    if (run.with_record) {
        for (int fd : record_fds) ::close(fd);
        out.log_xml = read_whole(record_dir + "/" + record_names[0]);
        out.report_xml = read_whole(record_dir + "/" + record_names[1]);
        out.progress = read_whole(record_dir + "/" + record_names[2]);
        fs::remove_all(record_dir, ec);
    }
    if (!scratch.empty()) fs::remove_all(scratch, ec);
    if (before) out.changed = before->restore(out.not_restored);
    return out;
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
