#include "relied.hpp"

#include <algorithm>
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

std::vector<std::string> objects_of(const std::string& build, const std::string& target) {
    std::vector<std::string> out;
    std::error_code ec;
    // a target of the top folder (the exercises and solutions) or of tests/ (the modules, the hostile files)
    fs::path dir = fs::path(target).is_absolute() ? fs::path(target) : fs::path(build) / "CMakeFiles" / (target + ".dir");
    if (!fs::path(target).is_absolute() && !fs::exists(dir, ec)) dir = fs::path(build) / "tests" / "CMakeFiles" / (target + ".dir");
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->path().extension() == ".o" && it->is_regular_file(ec)) out.push_back(it->path().string());
    std::sort(out.begin(), out.end());
    return out;
}

namespace {

bool starts(const std::string& s, const char* p) { return s.rfind(p, 0) == 0; }

// A mangled name of namespace attn: functions, data, local statics, guards, vtables.
bool in_attn(const std::string& s) {
    for (const char* p : {"_ZN4attn", "_ZNK4attn", "_ZZN4attn", "_ZZNK4attn", "_ZGVZN4attn", "_ZGVZNK4attn", "_ZGVN4attn",
                          "_ZTVN4attn", "_ZTIN4attn", "_ZTSN4attn", "_ZTHN4attn", "_ZTWN4attn"})
        if (starts(s, p)) return true;
    return (starts(s, "_ZThn") || starts(s, "_ZTv")) && s.find("N4attn") != std::string::npos;  // thunks
}

// Weak copies every translation unit may carry: templates and inline functions of
// Armadillo, the standard library and the compiler's support.
bool shared_instantiation(const std::string& s) {
    for (const char* p : {"_ZN4arma", "_ZNK4arma", "_ZZN4arma", "_ZZNK4arma", "_ZGVZN4arma", "_ZGVZNK4arma", "_ZNSt",
                          "_ZNKSt", "_ZSt", "_ZZNSt", "_ZGVN4arma", "_ZGVNSt", "_ZGVN9__gnu_cxx", "_ZZNKSt", "_ZGVZNSt", "_ZNSa", "_ZNKSa", "_ZNSs", "_ZNKSs",
                          "_ZNSi", "_ZNSo", "_ZN9__gnu_cxx", "_ZNK9__gnu_cxx", "_ZZN9__gnu_cxx", "_ZTVSt", "_ZTISt",
                          "_ZTSSt", "_ZTVN4arma", "_ZTIN4arma", "_ZTSN4arma", "_ZTVN9__gnu_cxx", "_ZTIN9__gnu_cxx",
                          "_ZTSN9__gnu_cxx", "_ZTVNSt", "_ZTINSt", "_ZTSNSt", "DW.ref.__gxx_personality_v0"})
        if (starts(s, p)) return true;
    // placement new and delete, inline in <new> (emitted as weak copies at -O0); the
    // replaceable operator new itself stays refused
    for (const char* exact : {"_ZnwmPv", "_ZnamPv", "_ZdlPvS_", "_ZdaPvS_"})
        if (s == exact) return true;
    return false;
}

bool calls_refused(const std::string& s) {
    return starts(s, "_ZN5boost") || starts(s, "_ZNK5boost") || starts(s, "_ZTIN5boost") || starts(s, "_ZTVN5boost") ||
           s == "dlopen" || s == "dlmopen" || s == "dlsym" || s == "dlvsym";
}

}  // namespace

std::vector<std::string> refused_symbols(const std::vector<std::string>& objects,
                                         const std::vector<std::string>& checks) {
    if (objects.empty()) return {};
    std::vector<std::string> cmd = {"nm", "-P"};
    cmd.insert(cmd.end(), objects.begin(), objects.end());
    const auto r = run_process(cmd, 30, 1 << 24);
    if (r.failed_to_start || r.exit_code != 0) return {};
    std::set<std::string> theirs;  // what the checks' own objects define
    if (!checks.empty()) {
        std::vector<std::string> c = {"nm", "-P", "--defined-only"};
        c.insert(c.end(), checks.begin(), checks.end());
        const auto t = run_process(c, 30, 1 << 26);
        std::istringstream tl(t.output);
        std::string tline, name;
        while (std::getline(tl, tline)) {
            std::istringstream f(tline);
            if (f >> name) theirs.insert(name);
        }
    }
    std::set<std::string> refused;
    std::istringstream lines(r.output);
    std::string line;
    while (std::getline(lines, line)) {
        std::istringstream fields(line);
        std::string name, type;
        if (!(fields >> name >> type) || type.size() != 1) continue;
        const char t = type[0];
        if (t == 'U') {
            if (calls_refused(name)) refused.insert(name);
            continue;
        }
        const bool global = t >= 'A' && t <= 'Z' && t != 'N' && t != 'A';  // (A: absolute, N: debugging)
        const bool unique = t == 'u' || t == 'i';                           // GNU unique objects, ifuncs: global too
        if (!global && !unique) continue;
        const bool strong = t != 'W' && t != 'V' && t != 'u';
        if (strong && theirs.count(name)) {
            refused.insert(name);
            continue;
        }
        if (in_attn(name)) continue;
        const bool weak = t == 'W' || t == 'V' || t == 'u';
        if (weak && shared_instantiation(name)) continue;
        refused.insert(name);
    }
    if (refused.empty()) return {};
    // demangled, for the learner
    std::vector<std::string> filt = {"c++filt"};
    filt.insert(filt.end(), refused.begin(), refused.end());
    const auto d = run_process(filt, 30, 1 << 20);
    std::vector<std::string> out;
    if (!d.failed_to_start && d.exit_code == 0) {
        std::istringstream names(d.output);
        while (std::getline(names, line))  // (a constructor's or destructor's two symbols read alike)
            if (!line.empty() && std::find(out.begin(), out.end(), line) == out.end()) out.push_back(line);
    }
    if (out.empty()) out.assign(refused.begin(), refused.end());
    return out;
}

}  // namespace course
