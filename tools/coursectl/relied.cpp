#include "relied.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
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

void Reliance::load_defined(const std::vector<Exercise>& exercises) {
    std::vector<std::string> cmd = {"nm", "-P", "-A", "--defined-only"};
    std::map<std::string, std::string> owner;  // object file -> exercise
    for (const auto& x : exercises) {
        if (defined_.count(x.name)) continue;
        defined_[x.name];  // known from here on, with no symbols where nm cannot tell
        for (const auto& obj : objects_of(build_, "sol_" + x.name)) {
            cmd.push_back(obj);
            owner[obj] = x.name;
        }
    }
    if (owner.empty()) return;
    const auto r = run_process(cmd, 30, 1 << 25);
    if (r.failed_to_start || r.exit_code != 0) return;
    // each line "FILE: name type [value size]"
    std::istringstream lines(r.output);
    std::string line;
    while (std::getline(lines, line)) {
        const std::string::size_type colon = line.find(": ");
        if (colon == std::string::npos) continue;
        const auto it = owner.find(line.substr(0, colon));
        if (it == owner.end()) continue;
        std::istringstream fields(line.substr(colon + 2));
        std::string name, type;
        if (!(fields >> name >> type)) continue;
        if (type == "T" || type == "W" || type == "D" || type == "B" || type == "R") defined_[it->second].insert(name);
    }
}

std::vector<Exercise> Reliance::called_by(const Exercise& e, const std::vector<Exercise>& others) {
    std::vector<Exercise> out;
    const auto wanted = symbols(learner_ + e.name, false);
    if (wanted.empty()) return out;
    std::vector<Exercise> candidates;
    for (const auto& x : others)
        if (x.name != e.name && x.chapter <= e.chapter) candidates.push_back(x);  // a check links only chapters <= its own
    load_defined(candidates);
    for (const auto& x : candidates) {
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

// Which of `names` the shared libraries export (nm -D --defined-only), each with the file
// name of the first library that does. Remembered for the process, by the list of libraries
// (one nm of some 30,000 names, about 70 ms, for all the checks of a command).
std::map<std::string, std::string> exported_by(const std::set<std::string>& names,
                                               const std::vector<std::string>& libraries) {
    static std::map<std::vector<std::string>, std::map<std::string, std::string>> remembered;
    auto it = remembered.find(libraries);
    if (it == remembered.end()) {
        std::map<std::string, std::string> all;
        std::vector<std::string> cmd = {"nm", "-D", "-P", "--defined-only"};
        cmd.insert(cmd.end(), libraries.begin(), libraries.end());
        const auto r = run_process(cmd, 30, std::size_t(1) << 26);
        std::istringstream lines(r.output);
        std::string line, library = libraries.size() == 1 ? libraries[0] : "";
        while (std::getline(lines, line)) {
            if (!line.empty() && line.back() == ':' && line.find(' ') == std::string::npos) {
                library = line.substr(0, line.size() - 1);  // "/lib/x86_64-linux-gnu/libstdc++.so.6:"
                continue;
            }
            std::istringstream fields(line);
            std::string name, type;
            if (!(fields >> name >> type) || type == "A" || type == "U") continue;  // (A: a version's name)
            name = name.substr(0, name.find('@'));                                  // "write@@GLIBC_2.2.5"
            all.emplace(name, fs::path(library).filename().string());
        }
        if (r.failed_to_start || r.exit_code != 0) all.clear();  // (not remembered: tried again)
        else it = remembered.emplace(libraries, std::move(all)).first;
        if (it == remembered.end()) return {};
    }
    std::map<std::string, std::string> out;
    for (const auto& n : names)
        if (auto e = it->second.find(n); e != it->second.end()) out.emplace(n, e->second);
    return out;
}

// The weak copies of names a shared library exports that right code does emit, by kind:
// three families of std templates that the headers let every file instantiate, over
// standard types only (a copy that mentions Boost's or Armadillo's types is the library's
// business alone). Measured on 2026-12-02 (GCC 12, Boost 1.74, Armadillo 11; the 20
// libraries of a check program export 28,959 names): the 225 objects of right code (the 53
// reference solutions CMakeFiles/sol_*.dir, the 53 stubs ex_*, the 119 right versions of
// tests/correct/ compiled as learner files) hold, in the Release build (-O3), 167 distinct
// global definitions (82 strong ones of namespace attn, 85 weak copies) and not one exported
// name; compiled at -O0, where nothing is inlined, 2,792 (82 strong, 2,710 weak) and one
// exported name: std::string::_M_construct<char const*> (libstdc++'s). The suite's right
// answer of tests/hostile/rnn_step.cpp emits, at -O3,
// std::vector<std::string>::_M_realloc_insert<std::string> (Boost.Test's) and
// std::operator+(char const*, std::string const&) (libstdc++'s). Hence: a member of
// std::vector, a member template _M_construct<...> of std::basic_string, a std::operator+
// of strings. Measured again on 2026-12-04: right code that builds its messages in a
// std::ostringstream emits, at -O3, a weak ~basic_stringbuf() (libstdc++'s), so the
// members of the string streams (basic_stringbuf, basic_ostringstream, basic_istringstream,
// basic_stringstream) join them. Everything else a library exports is refused, whatever
// the kind of definition: std::__ostream_insert, the operators << of a stream,
// basic_ostream's put and write, basic_string's own members, every name of libc, libm,
// Boost and Armadillo, ...
bool right_codes_copy(const std::string& s) {
    if (s.find("5boost") != std::string::npos || s.find("4arma") != std::string::npos) return false;
    if (starts(s, "_ZNSt6vectorI") || starts(s, "_ZNKSt6vectorI") || starts(s, "_ZStplI")) return true;
    for (const char* stream : {"_ZNSt7__cxx1115basic_stringbufI", "_ZNKSt7__cxx1115basic_stringbufI",
                               "_ZNSt7__cxx1119basic_ostringstreamI", "_ZNKSt7__cxx1119basic_ostringstreamI",
                               "_ZNSt7__cxx1119basic_istringstreamI", "_ZNKSt7__cxx1119basic_istringstreamI",
                               "_ZNSt7__cxx1118basic_stringstreamI", "_ZNKSt7__cxx1118basic_stringstreamI"})
        if (starts(s, stream)) return true;
    return starts(s, "_ZNSt7__cxx1112basic_stringI") && s.find("E12_M_constructI") != std::string::npos;
}

bool calls_refused(const std::string& s) {
    return starts(s, "_ZN5boost") || starts(s, "_ZNK5boost") || starts(s, "_ZTIN5boost") || starts(s, "_ZTVN5boost") ||
           s == "dlopen" || s == "dlmopen" || s == "dlsym" || s == "dlvsym";
}

}  // namespace

std::vector<std::string> linked_libraries(const std::string& program) {
    ProcessSpec spec;
    spec.argv = {"ldd", program};
    spec.timeout_seconds = 20;
    spec.clean_env = true;  // as the check finds them: no LD_LIBRARY_PATH of the learner's shell
    const auto r = run_process(spec);
    std::vector<std::string> out;
    if (r.failed_to_start || r.exit_code != 0) return out;
    std::istringstream lines(r.output);
    std::string line;
    while (std::getline(lines, line)) {
        // "\tlibstdc++.so.6 => /lib/x86_64-linux-gnu/libstdc++.so.6 (0x...)", "\t/lib64/ld-linux-x86-64.so.2 (0x...)"
        const auto arrow = line.find("=> ");
        std::size_t from = arrow == std::string::npos ? line.find_first_not_of(" \t") : arrow + 3;
        if (from == std::string::npos || line[from] != '/') continue;
        const auto to = line.find(" (", from);
        out.push_back(line.substr(from, to == std::string::npos ? std::string::npos : to - from));
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

namespace {

// The names the checks' own objects define (nm --defined-only).
std::set<std::string> defined_by(const std::vector<std::string>& checks) {
    std::set<std::string> theirs;
    if (checks.empty()) return theirs;
    std::vector<std::string> c = {"nm", "-P", "--defined-only"};
    c.insert(c.end(), checks.begin(), checks.end());
    const auto t = run_process(c, 30, 1 << 26);
    std::istringstream tl(t.output);
    std::string tline, name;
    while (std::getline(tl, tline)) {
        std::istringstream f(tline);
        if (f >> name) theirs.insert(name);
    }
    return theirs;
}

// From `nm -P` of the learner's objects: the global definitions, with nm's type, and the
// calls of refused functions (into `refused`).
std::vector<std::pair<std::string, char>> global_definitions(const std::string& nm_output,
                                                               std::set<std::string>& refused) {
    std::vector<std::pair<std::string, char>> defined;
    std::istringstream lines(nm_output);
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
        if (global || unique) defined.emplace_back(name, t);
    }
    return defined;
}

// The refused names as the learner reads them: demangled (c++filt answers one line per
// name, in order), with the library that exports a name said beside it.
std::vector<std::string> said_to_the_learner(const std::set<std::string>& refused,
                                             const std::map<std::string, std::string>& exported) {
    const std::vector<std::string> mangled(refused.begin(), refused.end());
    std::vector<std::string> filt = {"c++filt"};
    filt.insert(filt.end(), mangled.begin(), mangled.end());
    const auto d = run_process(filt, 30, 1 << 20);
    std::vector<std::string> readable;
    if (!d.failed_to_start && d.exit_code == 0) {
        std::istringstream demangled(d.output);
        std::string line;
        while (std::getline(demangled, line)) readable.push_back(line);
    }
    if (readable.size() != mangled.size()) readable = mangled;
    std::vector<std::string> out;
    for (std::size_t i = 0; i < mangled.size(); ++i) {
        std::string said = readable[i];
        if (const auto e = exported.find(mangled[i]); e != exported.end())
            said += ", which " + e->second + " defines: your definition would replace the library's own function, " +
                    "for the tests too";
        // (a constructor's or destructor's two symbols read alike)
        if (!said.empty() && std::find(out.begin(), out.end(), said) == out.end()) out.push_back(said);
    }
    return out;
}

}  // namespace

std::vector<std::string> refused_symbols(const std::vector<std::string>& objects,
                                         const std::vector<std::string>& checks,
                                         const std::vector<std::string>& libraries) {
    if (objects.empty()) return {};
    std::vector<std::string> cmd = {"nm", "-P"};
    cmd.insert(cmd.end(), objects.begin(), objects.end());
    const auto r = run_process(cmd, 30, 1 << 24);
    if (r.failed_to_start || r.exit_code != 0) return {};
    const std::set<std::string> theirs = defined_by(checks);  // what the checks' own objects define
    std::set<std::string> refused;
    const auto defined = global_definitions(r.output, refused);
    // A name a shared library of the check exports, defined here (weak or strong, under an
    // asm label or not): the program would export it too, and its copy would replace the
    // library's for every caller, Boost.Test's report writer and libc's callers included.
    // Refused, but for the weak copies right code emits (right_codes_copy).
    std::set<std::string> names;
    for (const auto& d : defined) names.insert(d.first);
    const auto exported = libraries.empty() ? std::map<std::string, std::string>{} : exported_by(names, libraries);
    for (const auto& [name, t] : defined) {
        const bool strong = t != 'W' && t != 'V' && t != 'u';
        if (exported.count(name)) {
            if (strong || !right_codes_copy(name)) refused.insert(name);
            continue;
        }
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
    return said_to_the_learner(refused, exported);
}

}  // namespace course
