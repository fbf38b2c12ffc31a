#include "stubs.hpp"

#include <sstream>
#include <stdexcept>

#include "process.hpp"

namespace course {

namespace {

ProcessResult git(const std::string& root, std::vector<std::string> args, std::size_t max_output = 1 << 22) {
    args.insert(args.begin(), {"git", "-C", root});
    return run_process(args, 60, max_output);
}

}  // namespace

Stubs::Stubs(const std::string& root) : root_(root) {
    for (const char* candidate : {"refs/remotes/origin/HEAD", "@{upstream}", "HEAD"}) {
        const auto r = git(root, {"rev-parse", "--verify", "-q", std::string(candidate) + "^{commit}"});
        if (!r.failed_to_start && r.exit_code == 0) {
            ref_ = candidate;
            break;
        }
    }
    if (ref_.empty()) {
        why_ = "this course folder has no git history (a copy without .git?), so the original stubs are unknown";
        return;
    }
    // "<mode> blob <id>\t<path>" for every file under exercises/ at ref_
    const auto tree = git(root, {"ls-tree", "-r", "--full-tree", ref_, "--", "exercises"});
    std::istringstream lines(tree.output);
    std::string line;
    while (std::getline(lines, line)) {
        const auto tab = line.find('\t');
        std::istringstream head(line.substr(0, tab));
        std::string mode, type, id;
        head >> mode >> type >> id;
        if (tab != std::string::npos && type == "blob") blobs_[line.substr(tab + 1)] = id;
    }
}

std::vector<bool> Stubs::untouched(const std::vector<std::string>& paths) const {
    std::vector<bool> out(paths.size(), false);
    if (!available() || paths.empty()) return out;
    // git's own blob ids of the files as they are now, all in one call
    std::vector<std::string> args = {"hash-object", "--"};
    args.insert(args.end(), paths.begin(), paths.end());
    const auto r = git(root_, args);
    if (r.failed_to_start || r.exit_code != 0) return out;
    std::istringstream ids(r.output);
    std::string id;
    for (std::size_t i = 0; i < paths.size() && ids >> id; ++i) {
        const auto it = blobs_.find(paths[i]);
        out[i] = it != blobs_.end() && it->second == id;
    }
    return out;
}

std::string Stubs::text(const std::string& path) const {
    if (!available()) throw std::runtime_error("reset needs the course's git history: " + why_);
    const auto it = blobs_.find(path);
    if (it == blobs_.end()) throw std::runtime_error(path + " is not in the course's git history (" + ref_ + ")");
    const auto r = git(root_, {"cat-file", "blob", it->second}, 1 << 24);
    if (r.failed_to_start || r.exit_code != 0) throw std::runtime_error("git could not read the stub of " + path);
    return r.output;
}

}  // namespace course
