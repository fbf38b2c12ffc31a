// The fingerprint of the course folder and the build folder around one check
// (sandbox.hpp, FolderGuard): what changed, what is put back, what is kept.
#include "sandbox.hpp"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <dirent.h>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace course {

namespace {

// Files up to this size are kept whole (source files are far smaller), up to this
// much in all; others are compared by their inode, size and times (ctime cannot be
// set back by a program, so a rewrite "at the same size, mtime put back" shows).
constexpr std::size_t kKeepFileBytes = 4u << 20, kKeepTotalBytes = 256u << 20;
constexpr std::size_t kMaxEntries = 200000;

bool is_build_tree(const std::string& dir) {
    struct stat st {};
    return ::lstat((dir + "/CMakeCache.txt").c_str(), &st) == 0;
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

// A regular file's content, read through one descriptor that is never a FIFO or a
// device (O_NONBLOCK, fstat), and only when it is at most `cap` bytes.
bool read_regular(const std::string& path, std::size_t cap, std::string& out) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0) return false;
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || static_cast<std::size_t>(st.st_size) > cap) {
        ::close(fd);
        return false;
    }
    out.clear();
    out.resize(static_cast<std::size_t>(st.st_size));
    std::size_t got = 0;
    while (got < out.size()) {
        const ssize_t n = ::read(fd, out.data() + got, out.size() - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += static_cast<std::size_t>(n);
    }
    ::close(fd);
    out.resize(got);
    return got == static_cast<std::size_t>(st.st_size);
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

std::string stamp() {
    char s[32];
    const std::time_t now = std::time(nullptr);
    std::strftime(s, sizeof s, "%Y%m%d-%H%M%S", std::localtime(&now));
    return s;
}

std::string some_of(const std::vector<std::string>& paths) {
    std::string list;
    for (std::size_t i = 0; i < paths.size() && i < 5; ++i) list += (i ? ", " : "") + paths[i];
    if (paths.size() > 5) list += " and " + std::to_string(paths.size() - 5) + " more";
    return list;
}

enum class Area { Exercises, Git, State, Course, Build };

}  // namespace

// --- scanning -------------------------------------------------------------------

FolderGuard::Entry FolderGuard::stat_entry(const struct stat& st) {
    Entry e;
    e.mode = st.st_mode;
    e.size = static_cast<std::uint64_t>(st.st_size);
    e.ino = static_cast<std::uint64_t>(st.st_ino);
    e.mtime_ns = static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec;
    e.ctime_ns = static_cast<long long>(st.st_ctim.tv_sec) * 1000000000LL + st.st_ctim.tv_nsec;
    e.type = S_ISDIR(st.st_mode) ? 'd' : S_ISLNK(st.st_mode) ? 'l' : S_ISREG(st.st_mode) ? 'f' : '?';
    return e;
}

void FolderGuard::scan_dir(const std::string& base, const std::string& rel, bool keep, bool is_build,
                           std::map<std::string, Entry>& out, std::size_t& kept_bytes) const {
    const std::string dir = rel.empty() ? base : base + "/" + rel;
    DIR* d = ::opendir(dir.c_str());
    if (!d) return;
    std::vector<std::string> names;
    while (dirent* de = ::readdir(d)) {
        const std::string n = de->d_name;
        if (n != "." && n != "..") names.push_back(n);
    }
    ::closedir(d);
    for (const auto& n : names) {
        if (out.size() >= kMaxEntries) return;
        const std::string r = rel.empty() ? n : rel + "/" + n;
        const std::string p = base + "/" + r;
        struct stat st {};
        if (::lstat(p.c_str(), &st) != 0) continue;
        Entry e = stat_entry(st);
        if (e.type == 'd') {
            if (!is_build) {
                if (r == ".course/guard") continue;  // the checker's own journal
                if (is_build_tree(p) || (!build_.empty() && p == build_)) continue;  // build trees: apart
            }
            out.emplace(r, e);
            scan_dir(base, r, keep, is_build, out, kept_bytes);
            continue;
        }
        if (e.type == 'l') {
            char target[4096];
            const ssize_t n2 = ::readlink(p.c_str(), target, sizeof target);
            if (n2 >= 0) {
                e.content.assign(target, static_cast<std::size_t>(n2));
                e.kept = true;
            }
        } else if (e.type == 'f' && keep) {
            // git's objects are many, large and never rewritten in place: compared only
            const bool objects = r.rfind(".git/objects/", 0) == 0;
            if (!objects && e.size <= kKeepFileBytes && kept_bytes + e.size <= kKeepTotalBytes &&
                read_regular(p, kKeepFileBytes, e.content)) {
                e.kept = e.content.size() == e.size;
                kept_bytes += e.content.size();
            }
        }
        out.emplace(r, std::move(e));
    }
}

FolderGuard::FolderGuard(const std::string& root, const std::string& build, bool code_could_write) {
    std::error_code ec;
    root_ = fs::weakly_canonical(root, ec).string();
    build_ = build.empty() ? "" : fs::weakly_canonical(build, ec).string();
    with_build_ = code_could_write && !build_.empty();
    keep_ = code_could_write;
    std::size_t kept = 0;
    scan_dir(root_, "", keep_, false, course_, kept);
    if (with_build_) scan_dir(build_, "", false, true, build_entries_, kept);
}

// --- comparing and settling ---------------------------------------------------------

namespace {

bool same(const FolderGuard::Entry& a, const FolderGuard::Entry& b) {
    if (a.type != b.type || a.mode != b.mode) return false;
    if (a.type == 'd') return true;  // a folder's times change with its entries, which are compared themselves
    return a.size == b.size && a.ino == b.ino && a.mtime_ns == b.mtime_ns && a.ctime_ns == b.ctime_ns;
}

Area area_of(const std::string& rel) {
    auto under = [&](const char* top) { return rel == top || rel.rfind(std::string(top) + "/", 0) == 0; };
    if (under("exercises")) return Area::Exercises;
    if (under(".git")) return Area::Git;
    if (under(".course")) return Area::State;
    if (under("plots")) return Area::State;  // the chapter programs' figures, drawn by ./course run at any time
    return Area::Course;
}

}  // namespace

namespace {

using Entries = std::map<std::string, FolderGuard::Entry>;

// One settling of the course folder after a check: what was put back, kept, removed, or
// could not be helped, and the one backup folder the changed versions go to.
class Settlement {
public:
    Settlement(const std::string& root, const GuardPolicy& policy) : base_(root), policy_(policy) {}

    // What is new: in the course folder, moved into the backups (never deleted).
    void settle_new(const Entries& before, const Entries& now) {
        std::set<std::string> handled_dirs;
        for (const auto& [rel, e] : now) {
            if (before.count(rel)) continue;
            bool below = false;
            for (const auto& d : handled_dirs) below = below || rel.rfind(d + "/", 0) == 0;
            if (below) continue;
            const Area a = area_of(rel);
            if (!policy_.code_could_write) {
                if (a == Area::Course) unexplained_.push_back(rel + " (new)");
                continue;
            }
            if (a == Area::Exercises) {
                learner_new_.push_back(rel);
                continue;
            }
            if (!safely_inside(base_, rel)) continue;  // below a planted link: goes with the link
            const fs::path to = fs::path(backup_dir()) / rel;
            std::error_code ec;
            fs::create_directories(to.parent_path(), ec);
            fs::rename(base_ / rel, to, ec);
            if (ec) fs::remove_all(base_ / rel, ec);
            if (e.type == 'd') handled_dirs.insert(rel);
            put_back_.push_back(rel + " (new: moved into the backups)");
        }
    }

    // What changed or went: put back, except the learner's own files.
    void settle_changed(const Entries& before, const Entries& now) {
        for (const auto& [rel, was] : before) {
            const auto it = now.find(rel);
            if (it != now.end() && same(was, it->second)) continue;
            const FolderGuard::Entry* is = it == now.end() ? nullptr : &it->second;
            const Area a = area_of(rel);
            if (!policy_.code_could_write) {
                // the sandbox kept every file read-only to the check: someone else changed it
                if (a == Area::Course) unexplained_.push_back(rel);
                continue;
            }
            if (!safely_inside(base_, rel)) not_restored_.push_back(rel);
            else if (was.type == 'd') restore_folder(rel, was, is);
            else if (a == Area::Exercises && is && is->type == 'f') keep_learners_file(rel, was);
            else restore_file(rel, was, is);
        }
    }

    // Build outputs are made again by the next build: a changed or new one is removed,
    // never run (a replaced coursectl or check program would otherwise be trusted).
    void settle_build(const std::string& build, const Entries& before, const Entries& now) {
        const fs::path b(build);
        for (const auto& [rel, e] : now) {
            if (e.type == 'd') continue;
            const auto it = before.find(rel);
            if (it != before.end() && same(it->second, e)) continue;
            if (!safely_inside(b, rel)) continue;
            std::error_code ec;
            fs::remove(b / rel, ec);
            build_removed_.push_back(rel);
        }
        for (const auto& [rel, e] : before)
            if (e.type != 'd' && !now.count(rel)) build_removed_.push_back(rel + " (removed)");
        // a build configuration that was touched is made afresh by ./course
        auto ends = [](const std::string& r, const std::string& tail) {
            return r.size() >= tail.size() && r.compare(r.size() - tail.size(), tail.size(), tail) == 0;
        };
        for (const auto& r : build_removed_)
            if (r.rfind("CMakeCache.txt", 0) == 0 || ends(r, ".ninja") || ends(r, ".cmake")) {
                std::error_code ec;
                fs::remove(b / "CMakeCache.txt", ec);
                break;
            }
    }

    // What the learner is told, and what was done.
    FolderGuard::Outcome outcome() {
        FolderGuard::Outcome out;
        if (!put_back_.empty()) {
            out.lines.push_back(
                "your code (or you, while it ran) changed files outside its scratch folder; they were put back" +
                std::string(backups_.empty() ? "" : " and the changed versions kept in " + relative(backups_)) + ": " +
                some_of(put_back_));
            out.changed = put_back_;
        }
        if (!kept_as_is_.empty())
            out.lines.push_back("changed while the check ran, and kept as they are now (if you did not save them "
                                "yourself, your code did; the versions from before the check are in " +
                                relative(backup_dir()) + "): " + some_of(kept_as_is_));
        if (!learner_new_.empty())
            out.lines.push_back("new files appeared in exercises/ while the check ran (kept): " + some_of(learner_new_));
        if (!not_restored_.empty())
            out.lines.push_back("your code changed files that could not be put back: " + some_of(not_restored_));
        if (!build_removed_.empty())
            out.lines.push_back("your code changed the build folder; what it changed was removed, so that the next "
                                "build makes it again: " + some_of(build_removed_));
        if (!unexplained_.empty())
            out.lines.push_back("files changed while the check ran, although your code could not write them (you, or "
                                "another program?); nothing was put back: " + some_of(unexplained_) +
                                "; check again for a verdict");
        out.trusted = out.lines.empty();
        out.not_restored = not_restored_;
        return out;
    }

private:
    // A folder that went or became something else: made again, with its mode.
    void restore_folder(const std::string& rel, const FolderGuard::Entry& was, const FolderGuard::Entry* is) {
        const fs::path p = base_ / rel;
        if (!is || is->type != 'd') {
            if (is) {
                keep_current(rel);
                std::error_code ec;
                fs::remove_all(p, ec);
            }
            std::error_code ec;
            fs::create_directories(p, ec);
        }
        ::chmod(p.c_str(), was.mode & 07777);
        put_back_.push_back(rel + "/");
    }

    // The learner's own file: never put back over what is there now, which may be what
    // they saved. The version from before the check is kept beside it.
    void keep_learners_file(const std::string& rel, const FolderGuard::Entry& was) {
        std::string content;
        if (was.kept && read_regular((base_ / rel).string(), kKeepFileBytes, content) && content == was.content)
            return;  // only touched
        keep_before(rel, was);
        // the file being checked, saved again, is normal: its status says "edited since"
        if (rel != policy_.checked_file) kept_as_is_.push_back(rel);
    }

    // Any other file: put back as it was, after its changed version is kept.
    void restore_file(const std::string& rel, const FolderGuard::Entry& was, const FolderGuard::Entry* is) {
        const fs::path p = base_ / rel;
        if (was.type == 'f' && was.kept && is && is->type == 'f') {
            std::string content;
            if (read_regular(p.string(), kKeepFileBytes, content) && content == was.content &&
                (is->mode & 07777) == (was.mode & 07777))
                return;  // rewritten with the same bytes
        }
        if (!was.kept) {
            not_restored_.push_back(rel);
            return;
        }
        if (is) keep_current(rel);
        if (was.type == 'l') {
            std::error_code ec;
            fs::remove_all(p, ec);
            fs::create_symlink(was.content, p, ec);
        } else {
            write_back(p, was.content, was.mode);
        }
        put_back_.push_back(rel);
    }

    // .course/backups/during-check-STAMP, made on first use.
    std::string backup_dir() {
        if (!backups_.empty()) return backups_;
        const std::string parent = policy_.state_dir + "/backups";
        std::error_code ec;
        fs::create_directories(parent, ec);
        for (int n = 1; n < 1000; ++n) {
            const std::string d = parent + "/during-check-" + stamp() + (n == 1 ? "" : "-" + std::to_string(n));
            if (::mkdir(d.c_str(), 0700) == 0) return backups_ = d;
            if (errno != EEXIST) break;
        }
        return backups_ = parent;  // (cannot happen on a writable folder) at worst beside the others
    }

    // A new file of the backups, never over another.
    bool write_backup(const fs::path& to, const std::string& content) {
        std::error_code ec;
        fs::create_directories(to.parent_path(), ec);
        const int fd = ::open(to.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd < 0) return false;
        const bool ok = ::write(fd, content.data(), content.size()) == static_cast<ssize_t>(content.size());
        ::close(fd);
        return ok;
    }

    // Keeps a copy of what stands at rel now (a regular file), before anything is put over it.
    bool keep_current(const std::string& rel) {
        std::string content;
        if (!read_regular((base_ / rel).string(), kKeepFileBytes * 16, content)) return false;
        return write_backup(fs::path(backup_dir()) / rel, content);
    }

    // Keeps the version from before the check, as REL.before-check.
    bool keep_before(const std::string& rel, const FolderGuard::Entry& e) {
        if (!e.kept || e.type != 'f') return false;
        return write_backup(fs::path(backup_dir()) / (rel + ".before-check"), e.content);
    }

    std::string relative(const std::string& path) const { return fs::path(path).lexically_relative(base_).string(); }

    const fs::path base_;
    const GuardPolicy& policy_;
    std::string backups_;
    std::vector<std::string> put_back_, kept_as_is_, unexplained_, not_restored_, build_removed_, learner_new_;
};

}  // namespace

FolderGuard::Outcome FolderGuard::settle(const GuardPolicy& policy) const {
    Entries now, now_build;
    std::size_t none = 0;
    scan_dir(root_, "", false, false, now, none);
    if (with_build_) scan_dir(build_, "", false, true, now_build, none);
    Settlement settlement(root_, policy);
    settlement.settle_new(course_, now);
    settlement.settle_changed(course_, now);
    if (with_build_ && policy.code_could_write) settlement.settle_build(build_, build_entries_, now_build);
    return settlement.outcome();
}

// --- on disk ------------------------------------------------------------------------
// So that a check whose checker was ended (killed, the machine stopped) is still put
// right: the next command finds the journal and settles it (replay_interrupted_check).

namespace {

void put(std::string& out, const std::string& s) {
    out += std::to_string(s.size());
    out += ':';
    out += s;
}
bool get(const std::string& in, std::size_t& at, std::string& s) {
    const auto colon = in.find(':', at);
    if (colon == std::string::npos) return false;
    std::size_t n = 0;
    try {
        n = std::stoull(in.substr(at, colon - at));
    } catch (...) {
        return false;
    }
    if (colon + 1 + n > in.size()) return false;
    s = in.substr(colon + 1, n);
    at = colon + 1 + n;
    return true;
}
void put_entries(std::string& out, const std::map<std::string, FolderGuard::Entry>& m) {
    put(out, std::to_string(m.size()));
    for (const auto& [rel, e] : m) {
        put(out, rel);
        std::ostringstream f;
        f << e.type << ' ' << e.mode << ' ' << e.size << ' ' << e.ino << ' ' << e.mtime_ns << ' ' << e.ctime_ns << ' '
          << (e.kept ? 1 : 0);
        put(out, f.str());
        put(out, e.kept ? e.content : std::string());
    }
}
bool get_entries(const std::string& in, std::size_t& at, std::map<std::string, FolderGuard::Entry>& m) {
    std::string count;
    if (!get(in, at, count)) return false;
    const std::size_t n = std::stoull(count);
    for (std::size_t i = 0; i < n; ++i) {
        std::string rel, fields, content;
        if (!get(in, at, rel) || !get(in, at, fields) || !get(in, at, content)) return false;
        FolderGuard::Entry e;
        std::istringstream f(fields);
        int kept = 0;
        if (!(f >> e.type >> e.mode >> e.size >> e.ino >> e.mtime_ns >> e.ctime_ns >> kept)) return false;
        e.kept = kept != 0;
        e.content = content;
        m.emplace(rel, std::move(e));
    }
    return true;
}

}  // namespace

void FolderGuard::save(const std::string& path) const {
    std::string out = "course-guard 1\n";
    put(out, root_);
    put(out, build_);
    put(out, with_build_ ? "1" : "0");
    put_entries(out, course_);
    put_entries(out, build_entries_);
    std::error_code ec;
    fs::create_directories(fs::path(path).parent_path(), ec);
    const std::string tmp = path + ".tmp." + std::to_string(::getpid());
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) throw std::runtime_error("cannot write " + tmp + ": " + std::strerror(errno));
    std::size_t done = 0;
    while (done < out.size()) {
        const ssize_t w = ::write(fd, out.data() + done, out.size() - done);
        if (w <= 0) break;
        done += static_cast<std::size_t>(w);
    }
    ::close(fd);
    if (done != out.size()) throw std::runtime_error("cannot write " + tmp);
    fs::rename(tmp, path);
}

std::unique_ptr<FolderGuard> FolderGuard::load(const std::string& path) {
    std::string in;
    if (!read_regular(path, std::size_t(1) << 30, in) || in.rfind("course-guard 1\n", 0) != 0) return nullptr;
    std::unique_ptr<FolderGuard> g(new FolderGuard());
    std::size_t at = std::strlen("course-guard 1\n");
    std::string with_build;
    try {
        if (!get(in, at, g->root_) || !get(in, at, g->build_) || !get(in, at, with_build) ||
            !get_entries(in, at, g->course_) || !get_entries(in, at, g->build_entries_))
            return nullptr;
    } catch (...) {
        return nullptr;
    }
    g->with_build_ = with_build == "1";
    return g;
}

}  // namespace course
