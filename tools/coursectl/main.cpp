// coursectl: list, check, hint and reset for the learner; expect-stub,
// readme-check, expect-stub, expect-diagnosis and check-program for the repository's own suite.
// ./course calls it as:  coursectl COMMAND --root REPO --build BUILD [ARGS]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <unistd.h>

#include "manifest.hpp"
#include "process.hpp"
#include "record.hpp"
#include "report.hpp"
#include "sandbox.hpp"
#include "state.hpp"
#include "stubs.hpp"
#include "watch.hpp"

namespace fs = std::filesystem;
using namespace course;

#ifndef ATTN_CHECK_TIMEOUT
#define ATTN_CHECK_TIMEOUT 10
#endif

// What one check may use at most, unless --memory or COURSE_CHECK_MEMORY says otherwise.
constexpr std::size_t kDefaultMemory = std::size_t(2) << 30;  // 2 GiB

namespace {

struct Options {
    std::string command;
    std::string root = ".";
    std::string build = "build";
    std::vector<std::string> args;   // positional
    std::vector<std::string> after;  // after "--"
    double timeout = ATTN_CHECK_TIMEOUT;
    std::size_t memory = kDefaultMemory;
    std::string sandbox = "auto";  // auto | bwrap | fallback (sandbox.hpp)
    std::string state;             // where .course/ lives; default ROOT/.course
    bool yes = false;
};

Options parse(int argc, char** argv) {
    Options o;
    if (argc < 2) throw std::invalid_argument("usage: coursectl COMMAND [--root DIR] [--build DIR] [ARGS]");
    o.command = argv[1];
    if (const char* m = std::getenv("COURSE_CHECK_MEMORY"); m && *m) o.memory = parse_bytes(m);
    if (const char* sb = std::getenv("COURSE_SANDBOX"); sb && *sb) o.sandbox = sb;
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&] {
            if (i + 1 >= argc) throw std::invalid_argument(a + " needs a value");
            return std::string(argv[++i]);
        };
        if (a == "--") {
            for (++i; i < argc; ++i) o.after.push_back(argv[i]);
        } else if (a == "--root") o.root = value();
        else if (a == "--build") o.build = value();
        else if (a == "--timeout") {
            const std::string v = value();
            std::size_t used = 0;
            try {
                o.timeout = std::stod(v, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used != v.size() || !(o.timeout > 0) || o.timeout > 86400)
                throw std::invalid_argument("--timeout takes seconds, such as 10 or 2.5; got '" + v + "'");
        } else if (a == "--memory") o.memory = parse_bytes(value());
        else if (a == "--sandbox") o.sandbox = value();
        else if (a == "--state") o.state = value();
        else if (a == "--yes" || a == "-y") o.yes = true;
        else if (a.rfind("--", 0) == 0) throw std::invalid_argument("unknown option " + a);
        else o.args.push_back(a);
    }
    return o;
}

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

// hints.txt: "<exercise> <how many hints were shown>"
std::map<std::string, std::string> load_hints(const Options& o) {
    return load_state(state_dir(o) + "/hints.txt", [](const std::string&, const std::string& v) {
        return !v.empty() && v.size() < 6 && v.find_first_not_of("0123456789") == std::string::npos;
    });
}

// --- building and running one check -------------------------------------------

// The CMake generator of the build tree ("Ninja", "Unix Makefiles", ...).
std::string generator(const Options& o) {
    std::ifstream cache(o.build + "/CMakeCache.txt");
    std::string line;
    const std::string key = "CMAKE_GENERATOR:INTERNAL=";
    while (std::getline(cache, line))
        if (line.rfind(key, 0) == 0) return line.substr(key.size());
    return "";
}

void prebuild(const Options& o, const std::vector<Exercise>& list) {
    // One parallel, keep-going build of every check first: what compiles is
    // then ready, and each exercise's own build below only repeats its errors.
    if (list.size() < 2) return;
    std::vector<std::string> cmd = {"cmake", "--build", o.build, "-j", "2"};
    for (const auto& e : list) cmd.push_back("--target"), cmd.push_back("check_" + e.name);
    // keep going past a failing exercise: "-k 0" for Ninja, "-k" for make
    cmd.push_back("--");
    cmd.push_back("-k");
    if (generator(o) == "Ninja") cmd.push_back("0");
    std::cout << "building the checks of " << list.size() << " exercises..." << std::endl;
    run_process(cmd, 1800, 1 << 16);
}

std::vector<std::string> check_arguments(const std::string& exe, const Exercise& e) {
    return {exe, "--run_test=" + e.name, "--catch_system_errors=no", "--color_output=no"};
}

// Runs one check program, contained (sandbox.hpp), and reads its record.
CheckReport run_check_program(const Options& o, const Sandbox& sandbox, const Exercise& e, const std::string& exe) {
    ContainedRun run;
    run.argv = check_arguments(exe, e);
    run.timeout_seconds = o.timeout;
    run.memory_limit = o.memory;
    run.root = o.root;
    run.build = o.build;
    const ContainedResult res = run_contained(sandbox, run);

    CheckInput in;
    in.process = res.process;
    // Boost.Test writes its own setup errors (exit code 200) to the report sink, as plain text
    if (res.process.exit_code == 200 && res.report_xml.rfind("<", 0) != 0)
        in.process.output = res.report_xml + res.log_xml + in.process.output;
    in.record = parse_record(res.log_xml, res.report_xml, e.name, res.progress);
    in.timeout_seconds = o.timeout;
    in.memory_limit = o.memory;
    in.changed = res.changed;
    in.not_restored = res.not_restored;
    if (!in.record.report_found && !res.process.timed_out && !res.process.interrupted &&
        (!res.process.signaled || !in.record.exited_in.empty())) {
        // It stopped early: how many checks should it have run? Asked of the program
        // itself, as contained as the run (the learner's code is linked in).
        ContainedRun list = run;
        list.argv = {exe, "--list_content", "--run_test=" + e.name};
        list.with_record = false;
        list.timeout_seconds = std::min(o.timeout, 10.0);
        const auto listed = run_contained(sandbox, list);
        in.expected_cases = count_listed_cases(listed.process.output, e.name);
    }
    return interpret_check(in);
}

CheckReport check_one(const Options& o, const Sandbox& sandbox, const Exercise& e) {
    const auto built = run_process({"cmake", "--build", o.build, "--target", "check_" + e.name}, 900);
    if (built.interrupted) {
        CheckReport rep;
        rep.lines.push_back("stopped: you pressed Ctrl-C");
        return rep;
    }
    if (built.failed_to_start || built.timed_out || built.exit_code != 0) {
        CheckReport rep;
        rep.verdict = Verdict::DoesNotCompile;
        std::string err = first_build_error(built.output, o.root);
        if (err.empty()) err = built.timed_out ? "the build took longer than 15 minutes" : "the build failed; run: cmake --build " + o.build + " --target check_" + e.name;
        rep.lines.push_back(err);
        return rep;
    }
    return run_check_program(o, sandbox, e, o.build + "/checks/check_" + e.name);
}

// One line, once per command: how the learner's code is contained, and its limits.
Sandbox open_sandbox(const Options& o, bool say) {
    Sandbox sb = Sandbox::detect(o.sandbox);
    if (say) {
        std::ostringstream limits;
        limits << o.timeout << " s and " << describe_bytes(o.memory) << " per check";
        std::printf("(%s; %s)\n", sb.describe().c_str(), limits.str().c_str());
    }
    return sb;
}

const char* mark(Verdict v) {
    switch (v) {
        case Verdict::Done: return "\u2713";  // ✓
        case Verdict::NotStarted: return "\u00b7";
        default: return "\u2717";  // ✗
    }
}

[[noreturn]] void stop_on_interrupt() {
    std::printf("\nstopped (Ctrl-C): the build and every check were ended; your files are as you left them\n");
    std::fflush(stdout);
    std::exit(130);
}

// --- commands -----------------------------------------------------------------

// The verdict line and what follows it, as check and watch print them.
void show_hint(const Options& o, const Exercise& e);  // below, with hint

void print_report(const Exercise& e, const CheckReport& rep) {
    std::printf("%s %s %-30s %s\n", mark(rep.verdict), e.chapter.c_str(), e.name.c_str(),
                verdict_word(rep.verdict).c_str());
    // a recognised mistake says most; then a couple of the failing checks
    std::size_t shown = rep.verdict == Verdict::Failing ? (rep.diagnoses.empty() ? 6 : rep.diagnoses.size() + 2) : 3;
    shown = std::min(shown, rep.lines.size());
    for (std::size_t i = 0; i < shown; ++i) std::printf("      %s\n", rep.lines[i].c_str());
    if (rep.lines.size() > shown) std::printf("      (and %zu more failing checks)\n", rep.lines.size() - shown);
    if (rep.verdict != Verdict::Done && rep.verdict != Verdict::NotStarted)
        std::printf("      file: exercises/%s   hint: ./course hint %s\n", e.file.c_str(), e.name.c_str());
    std::fflush(stdout);
}

// status.txt gets the verdict with the hash of the file as it was checked. Read
// again just before writing: the file is the truth, not what was read at the start.
void remember(const Options& o, const Exercise& e, const CheckReport& rep, const std::string& hash) {
    auto status = load_status(o);
    status[e.name] = verdict_word(rep.verdict) + "|" + hash;
    write_state(state_dir(o) + "/status.txt", status);
}

bool is_done(const Options& o, const Exercise& e, const std::map<std::string, std::string>& status) {
    const auto it = status.find(e.name);
    return it != status.end() && it->second == "done|" + content_hash(read_file(exercise_path(o, e)));
}

int cmd_check(const Options& o) {
    if (o.args.size() > 1) throw std::invalid_argument("usage: ./course check [NN|NAME]");
    const auto all = load_manifest(o.root + "/exercises/manifest.txt");
    const auto list = select(all, o.args.empty() ? "" : o.args[0]);
    require_build_of(o.build, o.root);
    const BuildLock lock(o.build);  // one build and one set of checks at a time in this build folder
    const Sandbox sandbox = open_sandbox(o, true);
    prebuild(o, list);
    if (interrupted()) stop_on_interrupt();
    int done = 0;
    for (const auto& e : list) {
        const std::string hash = content_hash(read_file(exercise_path(o, e)));  // the version checked
        const CheckReport rep = check_one(o, sandbox, e);
        if (interrupted()) stop_on_interrupt();
        print_report(e, rep);
        if (rep.verdict == Verdict::Done) ++done;
        remember(o, e, rep, hash);
    }
    std::printf("\n%d / %zu done\n", done, list.size());
    return done == static_cast<int>(list.size()) ? 0 : 1;
}

// ./course watch [NN|NAME]: the first unfinished exercise (a named one: that one),
// checked again each time its file is saved; on a pass, on to the next unfinished.
int cmd_watch(const Options& o) {
    if (o.args.size() > 1) throw std::invalid_argument("usage: ./course watch [NN|NAME]");
    const auto all = load_manifest(o.root + "/exercises/manifest.txt");
    require_build_of(o.build, o.root);
    const Sandbox sandbox = open_sandbox(o, true);
    auto index_of = [&](const std::string& name) {
        for (std::size_t i = 0; i < all.size(); ++i)
            if (all[i].name == name) return i;
        return all.size();
    };
    auto next_unfinished = [&](std::size_t from) {
        const auto status = load_status(o);
        for (std::size_t k = 0; k < all.size(); ++k) {
            const std::size_t i = (from + k) % all.size();
            if (!is_done(o, all[i], status)) return i;
        }
        return all.size();
    };
    std::size_t current = all.size();
    const auto chosen = select(all, o.args.empty() ? "" : o.args[0]);
    if (!o.args.empty() && chosen.size() == 1) {
        current = index_of(chosen[0].name);
    } else {
        const auto status = load_status(o);
        for (const auto& c : chosen)
            if (!is_done(o, c, status)) {
                current = index_of(c.name);
                break;
            }
        if (current >= all.size()) current = next_unfinished(0);
    }
    if (current >= all.size()) {
        std::printf("every exercise is done: nothing to watch\n");
        return 0;
    }
    FileWatch watch;
    auto announce = [&] {
        const Exercise& e = all[current];
        std::printf("\n== %s (chapter %s): %s\n   edit exercises/%s and save it; h: a hint, c: check again, q: quit\n",
                    e.name.c_str(), e.chapter.c_str(), e.title.c_str(), e.file.c_str());
        std::fflush(stdout);
        watch.follow(exercise_path(o, e));
    };
    // Checks, and moves on while the exercise passes; false once there is nothing left.
    auto check_current = [&] {
        while (true) {
            const Exercise& e = all[current];
            const std::string hash = content_hash(read_file(exercise_path(o, e)));
            CheckReport rep;
            {
                const BuildLock lock(o.build);  // only while checking: other commands may run between saves
                rep = check_one(o, sandbox, e);
            }
            if (interrupted()) return false;
            print_report(e, rep);
            remember(o, e, rep, hash);
            if (rep.verdict != Verdict::Done) return true;
            const std::size_t next = next_unfinished(current + 1);
            if (next >= all.size()) {
                std::printf("\nevery exercise is done. Well done!\n");
                return false;
            }
            current = next;
            announce();
        }
    };
    announce();
    if (!check_current()) return interrupted() ? 130 : 0;
    while (!interrupted()) {
        const char key = watch.wait(1000);
        if (key == 0) continue;
        if (key == 'q') break;
        if (key == 'h') {
            show_hint(o, all[current]);
            continue;
        }
        if (key == 's' || key == 'c') {
            if (!check_current()) return interrupted() ? 130 : 0;
            continue;
        }
        std::printf("(keys: h a hint, c check again, q quit)\n");
        std::fflush(stdout);
    }
    std::printf("stopped watching\n");
    return interrupted() ? 130 : 0;
}

// Suite: check one given program exactly as `check` would (contained, from its
// record), print the verdict, and exit 0 only when it is done.
//   coursectl check-program EXERCISE [--sandbox MODE] [--memory SIZE] -- PROGRAM
int cmd_check_program(const Options& o) {
    if (o.args.size() != 1 || o.after.size() != 1)
        throw std::invalid_argument("usage: coursectl check-program EXERCISE -- CHECK_PROGRAM");
    const auto e = select(load_manifest(o.root + "/exercises/manifest.txt"), o.args[0]).at(0);
    const Sandbox sandbox = open_sandbox(o, true);
    const CheckReport rep = run_check_program(o, sandbox, e, fs::absolute(o.after[0]).string());
    if (interrupted()) stop_on_interrupt();
    std::printf("%s %s %s\n", mark(rep.verdict), e.name.c_str(), verdict_word(rep.verdict).c_str());
    for (const auto& l : rep.lines) std::printf("      %s\n", l.c_str());
    for (const auto& d : rep.diagnoses) std::printf("      [%s]\n", d.id.c_str());
    return rep.verdict == Verdict::Done ? 0 : 1;
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
    const std::size_t shown = seen.count(e.name) ? std::stoul(seen[e.name]) : 0;  // digits only (load_hints)
    const std::size_t k = std::min(shown, e.hints.size() - 1);
    std::printf("hint %zu of %zu for %s (exercises/%s):\n  %s\n", k + 1, e.hints.size(), e.name.c_str(),
                e.file.c_str(), e.hints[k].c_str());
    if (k + 1 < e.hints.size())
        std::printf("(ask again for the next hint)\n");
    else
        std::printf("(that was the last hint; the reference is solutions/%s)\n", e.file.c_str());
    std::fflush(stdout);
    seen[e.name] = std::to_string(k + 1);
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

// Suite: an untouched stub must fail its check with the not-implemented message.
int cmd_expect_stub(const Options& o) {
    if (o.args.size() != 1) throw std::invalid_argument("usage: coursectl expect-stub NAME");
    const auto e = select(load_manifest(o.root + "/exercises/manifest.txt"), o.args[0]).at(0);
    const Stubs stubs(o.root);
    if (!stubs.available() || !stubs.untouched("exercises/" + e.file)) {
        // In CI the folder is a fresh clone: every stub must be the committed one.
        const bool ci = std::getenv("CI") != nullptr;
        std::printf("exercises/%s is not the stub of %s%s\n", e.file.c_str(),
                    stubs.available() ? stubs.ref().c_str() : "the git history",
                    ci ? ": in CI every stub must be as committed"
                       : "; you have edited it (or not committed a change to it), so this check of the untouched "
                         "stub is skipped");
        return ci ? 1 : 77;
    }
    require_build_of(o.build, o.root);
    const BuildLock lock(o.build);
    const CheckReport rep = check_one(o, open_sandbox(o, false), e);
    for (const auto& l : rep.lines) std::printf("  %s\n", l.c_str());
    if (rep.verdict != Verdict::NotStarted) {
        std::printf("FAIL: the stub of %s should be reported as 'not started', got '%s'\n", e.name.c_str(),
                    verdict_word(rep.verdict).c_str());
        return 1;
    }
    const std::string where = "(exercises/" + e.file + ")";
    for (const auto& l : rep.lines)
        if (l.find(where) == std::string::npos) {
            std::printf("FAIL: the message should name %s: %s\n", where.c_str(), l.c_str());
            return 1;
        }
    std::printf("ok: %s fails cleanly as not implemented\n", e.name.c_str());
    return 0;
}

// Suite: checking a deliberately wrong implementation names exactly its mistake.
//   coursectl expect-diagnosis EXERCISE MISTAKE_ID -- CHECK_PROGRAM
int cmd_expect_diagnosis(const Options& o) {
    if (o.args.size() != 2 || o.after.size() != 1)
        throw std::invalid_argument("usage: coursectl expect-diagnosis EXERCISE MISTAKE_ID -- CHECK_PROGRAM");
    const auto e = select(load_manifest(o.root + "/exercises/manifest.txt"), o.args[0]).at(0);
    const CheckReport rep = run_check_program(o, open_sandbox(o, false), e, fs::absolute(o.after[0]).string());
    for (const auto& l : rep.lines) std::printf("  %s\n", l.c_str());
    std::string ids;
    for (const auto& d : rep.diagnoses) ids += (ids.empty() ? "" : ", ") + d.id;
    if (rep.verdict != Verdict::Failing || rep.diagnoses.size() != 1 || rep.diagnoses[0].id != o.args[1]) {
        std::printf("FAIL: expected exactly the diagnosis [%s], got verdict '%s' and diagnoses [%s]\n",
                    o.args[1].c_str(), verdict_word(rep.verdict).c_str(), ids.c_str());
        return 1;
    }
    std::printf("ok: %s is diagnosed as [%s]\n", e.name.c_str(), ids.c_str());
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

}  // namespace

int main(int argc, char** argv) {
    stop_children_on_interrupt();
    try {
        Options o = parse(argc, argv);
        // absolute: checks run in a scratch folder of their own
        o.root = fs::absolute(o.root).lexically_normal().string();
        o.build = fs::absolute(o.build).lexically_normal().string();
        if (o.command == "list") return cmd_list(o);
        if (o.command == "check") return cmd_check(o);
        if (o.command == "hint") return cmd_hint(o);
        if (o.command == "reset") return cmd_reset(o);
        if (o.command == "expect-stub") return cmd_expect_stub(o);
        if (o.command == "readme-check") return cmd_readme_check(o);
        if (o.command == "expect-diagnosis") return cmd_expect_diagnosis(o);
        if (o.command == "check-program") return cmd_check_program(o);
        if (o.command == "watch") return cmd_watch(o);
        if (o.command == "explain-build") return cmd_explain_build(o);
        throw std::invalid_argument("unknown command '" + o.command + "'");
    } catch (const std::exception& e) {
        std::cerr << "course: " << e.what() << "\n";
        return 2;
    }
}
