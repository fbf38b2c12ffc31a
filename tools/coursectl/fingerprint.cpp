#include "sandbox.hpp"

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

// Files up to this size are kept whole by the fingerprint (source files are far
// smaller), up to this much in all; others are only compared by size and time.
constexpr std::size_t kKeepFileBytes = 4u << 20, kKeepTotalBytes = 256u << 20;
constexpr std::size_t kMaxEntries = 200000;

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

}  // namespace course
