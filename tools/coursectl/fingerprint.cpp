// The fingerprint of the course folder and its build trees around one check
// (sandbox.hpp, FolderGuard): what changed, what is put back, what is kept.
//
// Which folders are build trees, recorded apart, is decided once, before the check, from
// what was there then: a folder the check makes into one (a CMakeCache.txt written into
// .git/hooks) is looked over like any other. Nothing below .git/ is ever one.
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
// Entries recorded before a check, build trees included. Where the code could write the
// folder, a course folder with more is not checked (it could not be put right); after
// the check, the folder is walked without a limit, so that no number of files written
// hides one.
constexpr std::size_t kMaxEntries = 200000;
// The checker's own journal, never looked over.
const char* const kJournalDir = ".course/guard";

bool is_build_tree(const std::string& dir) {
    struct stat st {};
    return ::lstat((dir + "/CMakeCache.txt").c_str(), &st) == 0;
}

// The names in a folder ("" for none), read at once: what is done to them after may
// change the folder.
std::vector<std::string> names_in(const std::string& dir) {
    std::vector<std::string> names;
    DIR* d = ::opendir(dir.c_str());
    if (!d) return names;
    while (dirent* de = ::readdir(d)) {
        const std::string n = de->d_name;
        if (n != "." && n != "..") names.push_back(n);
    }
    ::closedir(d);
    return names;
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

enum class Area { Exercises, Git, State, Course };

Area area_of(const std::string& rel) {
    auto under = [&](const char* top) { return rel == top || rel.rfind(std::string(top) + "/", 0) == 0; };
    if (under("exercises")) return Area::Exercises;
    if (under(".git")) return Area::Git;
    if (under(".course")) return Area::State;
    if (under("plots")) return Area::State;  // the chapter programs' figures, drawn by ./course run at any time
    return Area::Course;
}

FolderGuard::Entry entry_of(const struct stat& st) {
    FolderGuard::Entry e;
    e.mode = st.st_mode;
    e.size = static_cast<std::uint64_t>(st.st_size);
    e.ino = static_cast<std::uint64_t>(st.st_ino);
    e.mtime_ns = static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec;
    e.ctime_ns = static_cast<long long>(st.st_ctim.tv_sec) * 1000000000LL + st.st_ctim.tv_nsec;
    e.type = S_ISDIR(st.st_mode) ? 'd' : S_ISLNK(st.st_mode) ? 'l' : S_ISREG(st.st_mode) ? 'f' : '?';
    return e;
}

bool inside(const std::string& path, const std::string& folder) {
    return path.size() > folder.size() && path.compare(0, folder.size(), folder) == 0 && path[folder.size()] == '/';
}

}  // namespace

// --- recording, before the check ----------------------------------------------------

void FolderGuard::record_course(const std::string& rel, std::size_t& kept_bytes, std::size_t& count) {
    for (const auto& n : names_in(rel.empty() ? root_ : root_ + "/" + rel)) {
        if (count >= kMaxEntries) return;
        const std::string r = rel.empty() ? n : rel + "/" + n;
        const std::string p = root_ + "/" + r;
        struct stat st {};
        if (::lstat(p.c_str(), &st) != 0) continue;
        Entry e = entry_of(st);
        if (e.type == 'd') {
            if (r == kJournalDir) continue;
            // build trees: the build folder, and any folder with a CMakeCache.txt, now; never
            // below .git/ (whose hooks git runs), exercises/, .course/ or plots/
            const Area a = area_of(r);
            if ((p == build_ && a != Area::Git) || (a == Area::Course && is_build_tree(p))) {
                skipped_.push_back(r);
                continue;
            }
            course_.emplace(r, e);
            ++count;
            record_course(r, kept_bytes, count);
            continue;
        }
        if (e.type == 'l') {
            char target[4096];
            const ssize_t n2 = ::readlink(p.c_str(), target, sizeof target);
            if (n2 >= 0) {
                e.content.assign(target, static_cast<std::size_t>(n2));
                e.kept = true;
            }
        } else if (e.type == 'f' && keep_) {
            // git's objects are many, large and never rewritten in place: compared only
            const bool objects = r.rfind(".git/objects/", 0) == 0;
            if (!objects && e.size <= kKeepFileBytes && kept_bytes + e.size <= kKeepTotalBytes &&
                read_regular(p, kKeepFileBytes, e.content)) {
                e.kept = e.content.size() == e.size;
                kept_bytes += e.content.size();
            }
        }
        course_.emplace(r, std::move(e));
        ++count;
    }
}

void FolderGuard::record_tree(const std::string& base, const std::string& rel, std::map<std::string, Entry>& out,
                              std::size_t& count) {
    for (const auto& n : names_in(rel.empty() ? base : base + "/" + rel)) {
        if (count >= kMaxEntries) return;
        const std::string r = rel.empty() ? n : rel + "/" + n;
        struct stat st {};
        if (::lstat((base + "/" + r).c_str(), &st) != 0) continue;
        out.emplace(r, entry_of(st));
        ++count;
        if (S_ISDIR(st.st_mode)) record_tree(base, r, out, count);
    }
}

FolderGuard::FolderGuard(const std::string& root, const std::string& build, bool code_could_write) {
    std::error_code ec;
    root_ = fs::weakly_canonical(root, ec).string();
    build_ = build.empty() ? "" : fs::weakly_canonical(build, ec).string();
    keep_ = code_could_write;
    std::size_t kept = 0, count = 0;
    record_course("", kept, count);
    if (keep_) {
        // the build trees, whole and by their stat alone: every program, object, script and
        // build file in them is run or read by the next build or ./course
        std::vector<std::string> trees;
        for (const auto& rel : skipped_) trees.push_back(root_ + "/" + rel);
        if (!build_.empty() && build_ != root_ && !inside(build_, root_)) trees.push_back(build_);
        for (const auto& path : trees) {
            struct stat st {};
            if (::lstat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) continue;
            Tree t;
            t.path = path;
            t.ino = static_cast<std::uint64_t>(st.st_ino);
            record_tree(path, "", t.entries, count);
            trees_.push_back(std::move(t));
        }
    }
    if (count >= kMaxEntries) {
        complete_ = false;
        if (keep_)
            throw std::runtime_error(
                "the course folder and its build folders hold more than " + std::to_string(kMaxEntries) +
                " files and folders: without bubblewrap or Landlock, a check here is guarded by putting back what "
                "it changed, which cannot be done for so many. Remove what you do not need there (an old build "
                "folder?), or get bubblewrap (docs/CONTAINMENT.md)");
    }
}

// --- comparing and settling ---------------------------------------------------------

namespace {

bool same(const FolderGuard::Entry& a, const FolderGuard::Entry& b) {
    if (a.type != b.type || a.mode != b.mode) return false;
    if (a.type == 'd') return true;  // a folder's times change with its entries, which are compared themselves
    return a.size == b.size && a.ino == b.ino && a.mtime_ns == b.mtime_ns && a.ctime_ns == b.ctime_ns;
}

}  // namespace

namespace {

using Entries = std::map<std::string, FolderGuard::Entry>;

// One settling of the course folder after a check: what was put back, kept, removed, or
// could not be helped, and the one backup folder the changed versions go to.
class Settlement {
public:
    Settlement(const std::string& root, const GuardPolicy& policy) : base_(root), policy_(policy) {}

    // What is new: in the course folder, moved into the backups (never deleted). The folder
    // is walked as it is now, without a limit; `skip` are the build trees recorded apart
    // and the checker's journal.
    void settle_new(const Entries& before, const std::set<std::string>& skip) { walk_new(before, skip, ""); }

    // What changed or went: put back, except the learner's own files.
    void settle_changed(const Entries& before) {
        for (const auto& [rel, was] : before) {
            struct stat st {};
            const bool exists = ::lstat((base_ / rel).c_str(), &st) == 0;
            const FolderGuard::Entry now = exists ? entry_of(st) : FolderGuard::Entry{};
            if (exists && same(was, now)) continue;
            const FolderGuard::Entry* is = exists ? &now : nullptr;
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
    // `shown` is how its entries are named ("" in the build folder, "build-sanitize/" in
    // another build tree of the course folder).
    void settle_tree(const std::string& tree, const std::string& shown, bool the_build, const Entries& before) {
        auto& removed = the_build ? build_removed_ : trees_removed_;
        bool configuration = false;
        for (const auto& [rel, e] : before) {  // (before the walk removes anything)
            struct stat st {};
            if (e.type == 'd' || ::lstat((tree + "/" + rel).c_str(), &st) == 0) continue;
            removed.push_back(shown + rel + " (removed)");
            configuration = configuration || is_configuration(rel);
        }
        walk_tree(tree, "", before, shown, removed, configuration);
        // a build configuration that was touched is made afresh by ./course
        if (configuration) {
            std::error_code ec;
            fs::remove(fs::path(tree) / "CMakeCache.txt", ec);
        }
    }

    // A build tree that is no longer the folder it was (moved away, a link or another
    // folder put in its place): what stands there now is the course folder's, like any
    // new entry, when it is in the course folder.
    void tree_replaced(const std::string& shown) { trees_removed_.push_back(shown + " (replaced)"); }

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
        if (!trees_removed_.empty())
            out.lines.push_back("your code changed other build folders of the course folder; what it changed was "
                                "removed, so that the next build there makes it again: " + some_of(trees_removed_));
        if (!unexplained_.empty())
            out.lines.push_back("files changed while the check ran, although your code could not write them (you, or "
                                "another program?); nothing was put back: " + some_of(unexplained_) +
                                "; check again for a verdict");
        out.trusted = out.lines.empty();
        out.not_restored = not_restored_;
        return out;
    }

private:
    static bool is_configuration(const std::string& rel) {
        auto ends = [&](const std::string& tail) {
            return rel.size() >= tail.size() && rel.compare(rel.size() - tail.size(), tail.size(), tail) == 0;
        };
        return rel == "CMakeCache.txt" || ends(".ninja") || ends(".cmake");
    }

    void walk_new(const Entries& before, const std::set<std::string>& skip, const std::string& rel) {
        for (const auto& n : names_in((rel.empty() ? base_ : base_ / rel).string())) {
            const std::string r = rel.empty() ? n : rel + "/" + n;
            if (skip.count(r) || made_.count(r)) continue;  // (made_: the backups this settling made)
            struct stat st {};
            if (::lstat((base_ / r).c_str(), &st) != 0) continue;
            const bool folder = S_ISDIR(st.st_mode);
            if (before.count(r)) {
                if (folder) walk_new(before, skip, r);
                continue;
            }
            const Area a = area_of(r);
            if (!policy_.code_could_write) {
                if (a == Area::Course) {
                    unexplained_.push_back(r + " (new)");
                    if (folder) walk_new(before, skip, r);
                }
                continue;
            }
            if (a == Area::Exercises) {
                learner_new_.push_back(r);
                if (folder) walk_new(before, skip, r);
                continue;
            }
            if (!safely_inside(base_, r)) continue;  // below a planted link: goes with the link
            const fs::path to = fs::path(backup_dir()) / r;
            std::error_code ec;
            fs::create_directories(to.parent_path(), ec);
            fs::rename(base_ / r, to, ec);
            if (ec) fs::remove_all(base_ / r, ec);
            put_back_.push_back(r + " (new: moved into the backups)");
        }
    }

    void walk_tree(const std::string& tree, const std::string& rel, const Entries& before, const std::string& shown,
                   std::vector<std::string>& removed, bool& configuration) {
        const fs::path b(tree);
        for (const auto& n : names_in(rel.empty() ? tree : tree + "/" + rel)) {
            const std::string r = rel.empty() ? n : rel + "/" + n;
            struct stat st {};
            if (::lstat((b / r).c_str(), &st) != 0) continue;
            const FolderGuard::Entry e = entry_of(st);
            if (e.type == 'd') {
                walk_tree(tree, r, before, shown, removed, configuration);
                continue;
            }
            const auto it = before.find(r);
            if (it != before.end() && same(it->second, e)) continue;
            if (!safely_inside(b, r)) continue;
            std::error_code ec;
            fs::remove(b / r, ec);
            removed.push_back(shown + r);
            configuration = configuration || is_configuration(r);
        }
    }

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

    // .course/backups/during-check-STAMP, made on first use. The folders it makes in the
    // course folder are the settling's own: never taken for new entries.
    std::string backup_dir() {
        if (!backups_.empty()) return backups_;
        const std::string parent = policy_.state_dir + "/backups";
        std::vector<fs::path> missing;
        for (fs::path at = parent; !at.empty() && at != at.root_path(); at = at.parent_path()) {
            struct stat st {};
            if (::lstat(at.c_str(), &st) == 0) break;
            missing.push_back(at);
        }
        std::error_code ec;
        fs::create_directories(parent, ec);
        for (const auto& m : missing) mark_made(m.string());
        for (int n = 1; n < 1000; ++n) {
            const std::string d = parent + "/during-check-" + stamp() + (n == 1 ? "" : "-" + std::to_string(n));
            if (::mkdir(d.c_str(), 0700) == 0) {
                mark_made(d);
                return backups_ = d;
            }
            if (errno != EEXIST) break;
        }
        return backups_ = parent;  // (cannot happen on a writable folder) at worst beside the others
    }

    void mark_made(const std::string& path) {
        const std::string rel = fs::path(path).lexically_relative(base_).string();
        if (!rel.empty() && rel.rfind("..", 0) != 0) made_.insert(rel);
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
    std::vector<std::string> put_back_, kept_as_is_, unexplained_, not_restored_, build_removed_, trees_removed_,
        learner_new_;
    std::set<std::string> made_;
};

}  // namespace

FolderGuard::Outcome FolderGuard::settle(const GuardPolicy& policy) const {
    Settlement settlement(root_, policy);
    // the folders walked apart are those recorded before the check, never what it made
    std::set<std::string> skip(skipped_.begin(), skipped_.end());
    skip.insert(kJournalDir);
    std::vector<const Tree*> intact;
    for (const auto& t : trees_) {
        const bool in_course = inside(t.path, root_);
        const std::string rel = in_course ? t.path.substr(root_.size() + 1) : "";
        struct stat st {};
        if (::lstat(t.path.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && static_cast<std::uint64_t>(st.st_ino) == t.ino) {
            intact.push_back(&t);
            continue;
        }
        settlement.tree_replaced(in_course ? rel + "/" : t.path + "/");
        if (in_course) skip.erase(rel);  // what stands there now is new in the course folder
    }
    if (complete_) settlement.settle_new(course_, skip);
    settlement.settle_changed(course_);
    if (policy.code_could_write)
        for (const Tree* t : intact) {
            const bool the_build = t->path == build_;
            settlement.settle_tree(t->path, the_build ? "" : t->path.substr(root_.size() + 1) + "/", the_build,
                                   t->entries);
        }
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

// "course-guard 2": the course folder, the build folder, whether contents were kept and
// the record is whole, the build trees walked apart, the entries, and each build tree
// recorded (its place, its folder's inode, its entries).
void FolderGuard::save(const std::string& path) const {
    std::string out = "course-guard 2\n";
    put(out, root_);
    put(out, build_);
    put(out, keep_ ? "1" : "0");
    put(out, complete_ ? "1" : "0");
    put(out, std::to_string(skipped_.size()));
    for (const auto& rel : skipped_) put(out, rel);
    put_entries(out, course_);
    put(out, std::to_string(trees_.size()));
    for (const auto& t : trees_) {
        put(out, t.path);
        put(out, std::to_string(t.ino));
        put_entries(out, t.entries);
    }
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
    const std::string magic = "course-guard 2\n";
    if (!read_regular(path, std::size_t(1) << 30, in) || in.rfind(magic, 0) != 0) return nullptr;
    std::unique_ptr<FolderGuard> g(new FolderGuard());
    std::size_t at = magic.size();
    try {
        std::string keep, complete, count;
        if (!get(in, at, g->root_) || !get(in, at, g->build_) || !get(in, at, keep) || !get(in, at, complete) ||
            !get(in, at, count))
            return nullptr;
        g->keep_ = keep == "1";
        g->complete_ = complete == "1";
        for (std::size_t i = 0, n = std::stoull(count); i < n; ++i) {
            std::string rel;
            if (!get(in, at, rel)) return nullptr;
            g->skipped_.push_back(rel);
        }
        if (!get_entries(in, at, g->course_) || !get(in, at, count)) return nullptr;
        for (std::size_t i = 0, n = std::stoull(count); i < n; ++i) {
            Tree t;
            std::string ino;
            if (!get(in, at, t.path) || !get(in, at, ino) || !get_entries(in, at, t.entries)) return nullptr;
            t.ino = std::stoull(ino);
            g->trees_.push_back(std::move(t));
        }
    } catch (...) {
        return nullptr;
    }
    return g;
}

}  // namespace course
