// The learner's commands that only read and write files: list, hint, reset;
// and the suite's README and build-log helpers. Also the shared state helpers.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <unistd.h>

#include "commands.hpp"
#include "hints.hpp"
#include "manifest.hpp"
#include "process.hpp"
#include "record.hpp"
#include "report.hpp"
#include "sandbox.hpp"
#include "state.hpp"
#include "stubs.hpp"
#include "watch.hpp"

namespace fs = std::filesystem;

namespace course {

std::string exercise_path(const Options& o, const Exercise& e) { return o.root + "/exercises/" + e.file; }
std::string state_dir(const Options& o) { return o.state.empty() ? o.root + "/.course" : o.state; }
// "01_rnn_loop/rnn_step.cpp" -> "rnn_loop"
std::string topic_of(const Exercise& e) {
    const std::string dir = e.file.substr(0, e.file.find('/'));
    return dir.size() > 3 ? dir.substr(3) : dir;
}

// A damaged state file is said once and rebuilt from what could be read.
std::map<std::string, std::string> load_state(const std::string& path,
                                              const std::function<bool(const std::string&, const std::string&)>& valid) {
    auto st = read_state(path, valid);
    if (!st.problems.empty()) {
        std::string where;
        for (std::size_t i = 0; i < st.problems.size() && i < 3; ++i) where += (i ? ", " : "") + st.problems[i];
        if (st.problems.size() > 3) where += ", ...";
        std::cerr << "course: " << path << " was damaged (" << where
                  << "); what could not be read is dropped and the file is written afresh\n";
        write_state(path, st.values);
    }
    return st.values;
}

bool is_hex16(const std::string& s) {
    return s.size() == 16 && s.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// status.txt: "<exercise> <verdict>|<hash of the file checked>"
std::map<std::string, std::string> load_status(const Options& o) {
    return load_state(state_dir(o) + "/status.txt", [](const std::string&, const std::string& v) {
        const auto bar = v.rfind('|');
        return bar != std::string::npos && bar > 0 && is_hex16(v.substr(bar + 1));
    });
}

// hints.txt: "<exercise> <how many of its general hints were shown>", and
// "<exercise>/<case> <how many hints for that check were shown>" (hints.hpp)
std::map<std::string, std::string> load_hints(const Options& o) {
    return load_state(state_dir(o) + "/hints.txt", [](const std::string&, const std::string& v) {
        return !v.empty() && v.size() < 6 && v.find_first_not_of("0123456789") == std::string::npos;
    });
}

// failing.txt: "<exercise> <case> <case> ...", the checks its last check failed in, so that
// ./course hint, which runs apart from the check, gives the hints for those checks first
std::map<std::string, std::string> load_failing(const Options& o) {
    return load_state(state_dir(o) + "/failing.txt", [](const std::string&, const std::string& v) {
        std::istringstream words(v);
        std::string w;
        bool any = false;
        while (words >> w) {
            if (!is_case_name(w)) return false;
            any = true;
        }
        return any;
    });
}

std::vector<std::string> failing_checks_of(const Options& o, const Exercise& e) {
    const auto failing = load_failing(o);
    const auto it = failing.find(e.name);
    std::vector<std::string> cases;
    if (it == failing.end()) return cases;
    std::istringstream words(it->second);
    for (std::string w; words >> w;) cases.push_back(w);
    return cases;
}

int cmd_list(const Options& o) {
    if (!o.args.empty()) throw std::invalid_argument("usage: ./course list   (it takes no arguments; got '" + o.args[0] + "')");
    const auto all = load_manifest(o.root + "/exercises/manifest.txt");
    const auto status = load_status(o);
    std::vector<std::string> paths;
    for (const auto& e : all) paths.push_back("exercises/" + e.file);
    const Stubs stubs(o.root);
    const auto untouched = stubs.untouched(paths);  // without git history: nothing is called edited
    int done_all = 0;
    std::string next;
    for (std::size_t i = 0; i < all.size();) {
        const std::string chapter = all[i].chapter;
        std::vector<std::string> rows;
        int done = 0, total = 0;
        for (; i < all.size() && all[i].chapter == chapter; ++i) {
            const auto& e = all[i];
            ++total;
            const std::string hash = content_hash(read_file(exercise_path(o, e)));
            std::string state = "not started", sym = "\u00b7";
            const auto st = status.find(e.name);
            if (st != status.end() && st->second.substr(st->second.find('|') + 1) == hash) {
                state = st->second.substr(0, st->second.find('|'));
                sym = state == "done" ? "\u2713" : (state == "not started" ? "\u00b7" : "\u2717");
            } else if (stubs.available() && !untouched[i]) {
                state = "edited, not checked since";
                sym = "~";
            }
            if (state == "done") ++done;
            else if (next.empty()) next = e.name;
            char line[512];
            std::snprintf(line, sizeof line, "  %s %-30s %-28s %s", sym.c_str(), e.name.c_str(), state.c_str(),
                          e.title.c_str());
            rows.push_back(line);
        }
        done_all += done;
        std::printf("chapter %s  %-22s %d / %d done\n", chapter.c_str(), topic_of(all[i - 1]).c_str(), done, total);
        for (const auto& r : rows) std::printf("%s\n", r.c_str());
    }
    std::printf("\noverall: %d / %zu done\n", done_all, all.size());
    if (!next.empty()) std::printf("next: ./course check %s   (and ./course hint %s)\n", next.c_str(), next.c_str());
    return 0;
}

void show_hint(const Options& o, const Exercise& e) {
    auto seen = load_hints(o);
    const HintChoice h = choose_hint(e, failing_checks_of(o, e), seen);
    if (h.for_case.empty())
        std::printf("hint %zu of %zu for %s (exercises/%s):\n  %s\n", h.number, h.of, e.name.c_str(), e.file.c_str(),
                    h.text.c_str());
    else
        std::printf("hint %zu of %zu for %s's failing check %s (exercises/%s):\n  %s\n", h.number, h.of, e.name.c_str(),
                    h.for_case.c_str(), e.file.c_str(), h.text.c_str());
    if (!h.last)
        std::printf("(ask again for the next hint)\n");
    else
        std::printf("(that was the last hint; the reference is solutions/%s)\n", e.file.c_str());
    std::fflush(stdout);
    seen[h.counter] = std::to_string(h.number);
    write_state(state_dir(o) + "/hints.txt", seen);
}

int cmd_hint(const Options& o) {
    if (o.args.size() != 1) throw std::invalid_argument("usage: ./course hint NAME");
    show_hint(o, select(load_manifest(o.root + "/exercises/manifest.txt"), o.args[0]).at(0));
    return 0;
}

int cmd_reset(const Options& o) {
    if (o.args.size() != 1) throw std::invalid_argument("usage: ./course reset NAME");
    const auto e = select(load_manifest(o.root + "/exercises/manifest.txt"), o.args[0]).at(0);
    const std::string path = exercise_path(o, e);
    const std::string mine = read_file(path);
    const std::string stub = Stubs(o.root).text("exercises/" + e.file);
    if (mine == stub) {
        std::printf("exercises/%s is already the untouched stub; nothing to do.\n", e.file.c_str());
        return 0;
    }
    const std::string backups = state_dir(o) + "/backups";
    if (!o.yes) {
        std::printf("Replace exercises/%s with the original stub?\nYour version will be kept in %s/%s-<date>.cpp\n[y/N] ",
                    e.file.c_str(), backups.c_str(), e.name.c_str());
        std::fflush(stdout);
        std::string answer;
        if (!std::getline(std::cin, answer) || (answer != "y" && answer != "Y" && answer != "yes")) {
            std::printf("Nothing changed.\n");
            return 1;
        }
    }
    // backup first (a new file, never over an older backup), then the stub through a
    // temporary file: at no moment is the learner's work only in memory
    const std::string backup = write_new_file(backups, e.name, ".cpp", mine);
    if (read_file(backup) != mine) throw std::runtime_error("could not verify the backup " + backup + "; nothing changed");
    const std::string tmp = path + ".reset.tmp." + std::to_string(::getpid());
    {
        std::ofstream f(tmp, std::ios::binary);
        f << stub;
        f.flush();
        if (!f) throw std::runtime_error("cannot write " + tmp + "; nothing changed");
    }
    fs::rename(tmp, path);
    std::printf("Restored exercises/%s. Your version: %s\n", e.file.c_str(), backup.c_str());
    return 0;
}

int cmd_readme_check(const Options& o) {
    if (o.args.size() != 1 || o.after.empty())
        throw std::invalid_argument("usage: coursectl readme-check README.md -- PROGRAM [ARGS]");
    const auto run = run_process(o.after, 300);
    if (run.timed_out || run.signaled || run.exit_code != 0) {
        std::printf("the program did not finish cleanly (exit %d):\n%s\n", run.exit_code, run.output.c_str());
        return 1;
    }
    const std::string diff = compare_expected_output(read_file(o.args[0]), run.output);
    if (!diff.empty()) {
        std::printf("%s\n%s: its expected output no longer matches the program\n", diff.c_str(), o.args[0].c_str());
        return 1;
    }
    std::printf("ok: %s matches the program's output\n", o.args[0].c_str());
    return 0;
}

int cmd_explain_build(const Options& o) {
    if (o.args.size() != 1) throw std::invalid_argument("usage: coursectl explain-build LOG");
    const std::string err = first_build_error(read_file(o.args[0]), o.root);
    std::printf("%s\n", err.empty() ? "the build failed (no compiler error found in the log)" : err.c_str());
    return 0;
}

}  // namespace course
