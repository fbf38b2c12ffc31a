#include "relied.hpp"

#include <filesystem>
#include <sstream>

#include "process.hpp"

namespace fs = std::filesystem;

namespace course {

// The symbols an object library's files define (functions and data with external
// linkage) or leave undefined, as `nm -P` lists them: "name type [value size]".
std::set<std::string> Reliance::symbols(const std::string& target, bool defined) {
    std::set<std::string> out;
    std::error_code ec;
    const fs::path dir = fs::path(build_) / "CMakeFiles" / (target + ".dir");
    std::vector<std::string> cmd = {"nm", "-P", defined ? "--defined-only" : "--undefined-only"};
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->path().extension() == ".o") cmd.push_back(it->path().string());
    if (cmd.size() == 3) return out;  // not built (yet)
    const auto r = run_process(cmd, 30, 1 << 22);
    if (r.failed_to_start || r.exit_code != 0) return out;
    std::istringstream lines(r.output);
    std::string name, type;
    std::string line;
    while (std::getline(lines, line)) {
        std::istringstream fields(line);
        if (!(fields >> name >> type)) continue;
        if (!defined || type == "T" || type == "W" || type == "D" || type == "B" || type == "R") out.insert(name);
    }
    return out;
}

std::vector<Exercise> Reliance::called_by(const Exercise& e, const std::vector<Exercise>& others) {
    std::vector<Exercise> out;
    const auto wanted = symbols(learner_ + e.name, false);
    if (wanted.empty()) return out;
    for (const auto& x : others) {
        if (x.name == e.name || x.chapter > e.chapter) continue;  // a check links only chapters <= its own
        if (!defined_.count(x.name)) defined_[x.name] = symbols("sol_" + x.name, true);
        for (const auto& s : defined_[x.name])
            if (wanted.count(s)) {
                out.push_back(x);
                break;
            }
    }
    return out;
}

}  // namespace course
