#include "sandbox.hpp"

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

// Files up to this size are kept whole by the fingerprint (source files are far
// smaller), up to this much in all; others are only compared by size and time.
constexpr std::size_t kKeepFileBytes = 4u << 20, kKeepTotalBytes = 256u << 20;
constexpr std::size_t kMaxEntries = 200000;

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

std::string read_whole(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
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

bool is_build_tree(const fs::path& dir) {
    std::error_code ec;
    return fs::exists(dir / "CMakeCache.txt", ec);
}

// True when every folder between base and base/rel is a real folder, not a
// link: only then may the restore write or remove there.
bool safely_inside(const fs::path& base, const std::string& rel) {
    if (rel.empty() || rel.rfind("..", 0) == 0 || fs::path(rel).is_absolute()) return false;
    fs::path at = base;
    const fs::path r(rel);
    for (auto part = r.begin(); part != r.end(); ++part) {
        if (*part == "..") return false;
        if (std::next(part) == r.end()) break;  // the entry itself may be anything
        at /= *part;
        struct stat st {};
        if (::lstat(at.c_str(), &st) != 0) return true;  // missing: it will be made as a real folder
        if (!S_ISDIR(st.st_mode)) return false;
    }
    return true;
}

void write_back(const fs::path& path, const std::string& content, unsigned mode) {
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    const fs::path tmp = path.string() + ".course-restore." + std::to_string(::getpid());
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        f << content;
        if (!f) throw std::runtime_error("cannot write " + tmp.string());
    }
    ::chmod(tmp.c_str(), mode & 07777);
    fs::remove_all(path, ec);  // a folder or a link may stand where the file was
    fs::rename(tmp, path);
}

}  // namespace

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

// --- the fingerprint ------------------------------------------------------------

std::map<std::string, TreeFingerprint::Entry> TreeFingerprint::scan(const std::string& root,
                                                                    const std::vector<std::string>& excluded,
                                                                    bool keep_content) {
    std::map<std::string, Entry> out;
    std::size_t kept_bytes = 0;
    std::error_code ec;
    const fs::path base = fs::weakly_canonical(root, ec);
    fs::recursive_directory_iterator it(base, fs::directory_options::skip_permission_denied, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
        if (out.size() >= kMaxEntries) break;
        const fs::path& p = it->path();
        // lexical only: fs::relative would resolve links, and a link planted by the
        // check must never lead the restore outside the course folder
        const std::string rel = p.lexically_relative(base).string();
        if (rel.empty() || rel == "." || rel.rfind("..", 0) == 0) continue;
        struct stat st {};
        if (::lstat(p.c_str(), &st) != 0) continue;
        Entry e;
        e.mode = st.st_mode;
        e.size = static_cast<std::size_t>(st.st_size);
        e.mtime_ns = static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec;
        if (S_ISDIR(st.st_mode)) {
            e.type = 'd';
            bool skip = is_build_tree(p);
            for (const auto& x : excluded) skip = skip || fs::equivalent(p, x, ec);
            if (skip) {
                it.disable_recursion_pending();
                continue;
            }
        } else if (S_ISLNK(st.st_mode)) {
            e.type = 'l';
            e.content = fs::read_symlink(p, ec).string();
            e.kept = !ec;
        } else if (S_ISREG(st.st_mode)) {
            // .git is only compared: its objects are many and never rewritten in place
            const bool in_git = rel == ".git" || rel.rfind(".git/", 0) == 0;
            if (keep_content && !in_git && e.size <= kKeepFileBytes && kept_bytes + e.size <= kKeepTotalBytes) {
                e.content = read_whole(p.string());
                e.kept = e.content.size() == e.size;
                kept_bytes += e.content.size();
            }
        } else {
            e.type = '?';  // sockets, FIFOs: compared by their existence only
        }
        out.emplace(rel, std::move(e));
    }
    return out;
}

TreeFingerprint::TreeFingerprint(const std::string& root, const std::vector<std::string>& excluded_dirs)
    : root_(root), excluded_(excluded_dirs), entries_(scan(root, excluded_dirs, true)) {}

std::vector<std::string> TreeFingerprint::restore(std::vector<std::string>& not_restored) const {
    std::vector<std::string> changed;
    std::error_code ec;
    const fs::path base = fs::weakly_canonical(root_, ec);
    const auto now = scan(root_, excluded_, false);

    // New entries first (a folder that replaced a file goes before the file comes back).
    std::set<std::string> removed_dirs;
    for (const auto& [rel, e] : now) {
        if (entries_.count(rel)) continue;
        bool inside_removed = false;
        for (const auto& d : removed_dirs) inside_removed = inside_removed || rel.rfind(d + "/", 0) == 0;
        if (inside_removed) continue;
        if (!safely_inside(base, rel)) continue;  // below a link: removed with the link itself
        fs::remove_all(base / rel, ec);
        if (e.type == 'd') removed_dirs.insert(rel);
        changed.push_back(rel + " (new; removed)");
    }
    for (const auto& [rel, before] : entries_) {
        const auto it = now.find(rel);
        const fs::path p = base / rel;
        if (!safely_inside(base, rel)) {  // a folder on the way was replaced by a link
            not_restored.push_back(rel);
            continue;
        }
        if (before.type == 'd') {
            if (it == now.end() || it->second.type != 'd') {
                if (it != now.end()) fs::remove_all(p, ec);
                fs::create_directories(p, ec);
                changed.push_back(rel + "/");
            }
            if ((fs::symlink_status(p, ec).permissions() & fs::perms::mask) !=
                static_cast<fs::perms>(before.mode & 07777)) {
                ::chmod(p.c_str(), before.mode & 07777);
                changed.push_back(rel + "/ (permissions)");
            }
            continue;
        }
        bool differs = it == now.end() || it->second.type != before.type || it->second.mode != before.mode;
        if (!differs && before.type == 'f') {
            if (before.kept) differs = read_whole(p.string()) != before.content;
            else differs = it->second.size != before.size || it->second.mtime_ns != before.mtime_ns;
        }
        if (!differs && before.type == 'l') differs = fs::read_symlink(p, ec).string() != before.content;
        if (!differs) continue;
        if (!before.kept) {
            not_restored.push_back(rel);
            continue;
        }
        if (before.type == 'l') {
            fs::remove_all(p, ec);
            fs::create_symlink(before.content, p, ec);
        } else {
            write_back(p, before.content, before.mode);
        }
        changed.push_back(rel);
    }
    return changed;
}

// --- one contained run ------------------------------------------------------------

ContainedResult run_contained(const Sandbox& sandbox, const ContainedRun& run) {
    ContainedResult out;
    std::vector<std::string> excluded = {run.build};
    const TreeFingerprint before(run.root, excluded);

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
    out.changed = before.restore(out.not_restored);
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
