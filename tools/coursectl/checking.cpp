// Building and running checks: check, watch, and the suite's checks of stubs,
// mistakes and given programs. Every check runs contained (sandbox.hpp) and is
// judged from the program's own record (record.hpp).
#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "commands.hpp"
#include "manifest.hpp"
#include "process.hpp"
#include "progress.hpp"
#include "record.hpp"
#include "relied.hpp"
#include "report.hpp"
#include "sandbox.hpp"
#include "state.hpp"
#include "stubs.hpp"
#include "watch.hpp"

namespace fs = std::filesystem;

namespace course {

// --- building and running one check -------------------------------------------

// An entry of the build folder's CMakeCache.txt ("CMAKE_GENERATOR:INTERNAL"), "" when absent.
std::string cache_value(const Options& o, const std::string& entry) {
    std::ifstream cache(o.build + "/CMakeCache.txt");
    std::string line;
    const std::string key = entry + "=";
    while (std::getline(cache, line))
        if (line.rfind(key, 0) == 0) return line.substr(key.size());
    return "";
}

// The CMake generator of the build tree ("Ninja", "Unix Makefiles", ...).
std::string generator(const Options& o) { return cache_value(o, "CMAKE_GENERATOR:INTERNAL"); }

// The command that builds `targets` in the build folder (with `jobs`, unless ""): Ninja
// itself where the folder is Ninja's, which also runs cmake again when a CMakeLists.txt
// changed; cmake --build would start cmake first, a tenth of a second or more on every
// check. Anything else: cmake --build. `keep_going`: on past a target that fails.
std::vector<std::string> build_command(const Options& o, const std::vector<std::string>& targets,
                                       const std::string& jobs, bool keep_going) {
    const std::string ninja = cache_value(o, "CMAKE_MAKE_PROGRAM:FILEPATH");
    const bool is_ninja = generator(o) == "Ninja";
    std::vector<std::string> cmd;
    if (is_ninja && !ninja.empty() && ::access(ninja.c_str(), X_OK) == 0) {
        cmd = {ninja, "-C", o.build};
        if (!jobs.empty()) cmd.push_back("-j"), cmd.push_back(jobs);
        if (keep_going) cmd.push_back("-k"), cmd.push_back("0");
        cmd.insert(cmd.end(), targets.begin(), targets.end());
        return cmd;
    }
    cmd = {"cmake", "--build", o.build};
    if (!jobs.empty()) cmd.push_back("-j"), cmd.push_back(jobs);
    for (const auto& t : targets) cmd.push_back("--target"), cmd.push_back(t);
    if (keep_going) {
        // keep going past a failing target: "-k 0" for Ninja, "-k" for make
        cmd.push_back("--");
        cmd.push_back("-k");
        if (is_ninja) cmd.push_back("0");
    }
    return cmd;
}

// How many compile jobs a build may run: ./course's one setting, COURSE_JOBS (the number
// of cores unless the learner sets it), passed down in the environment.
std::string build_jobs() {
    const char* j = std::getenv("COURSE_JOBS");
    if (j && *j && std::string(j).find_first_not_of("0123456789") == std::string::npos && std::atoi(j) > 0) return j;
    const unsigned cores = std::thread::hardware_concurrency();
    return std::to_string(cores > 0 ? cores : 2);
}

void prebuild(const Options& o, const std::vector<Exercise>& list) {
    // One parallel, keep-going build of every check first: what compiles is
    // then ready, and each exercise's own build below only repeats its errors.
    if (list.size() < 2) return;
    std::vector<std::string> targets;
    std::set<std::string> chapters;
    for (const auto& e : list) {
        targets.push_back("check_" + e.name);
        if (chapters.insert(e.chapter).second) targets.push_back("test_" + e.chapter);
    }
    const std::vector<std::string> cmd = build_command(o, targets, build_jobs(), true);
    std::cout << "building the checks of " << list.size() << " exercises..." << std::endl;
    run_process(cmd, 1800, 1 << 16);
}

std::vector<std::string> check_arguments(const std::string& exe, const Exercise& e) {
    return {exe, "--run_test=" + e.name, "--catch_system_errors=no", "--color_output=no"};
}

// The suite's cases as a program without the learner's code lists them: the
// chapter's test module linked with the reference solutions (BUILD/test_NN), which
// the build makes beside the check program. Empty when there is none.
std::vector<std::string> trusted_cases(const Options& o, const Exercise& e) {
    const std::string trusted = o.trusted.empty() ? o.build + "/test_" + e.chapter : o.trusted;
    struct stat st {};
    if (::access(trusted.c_str(), X_OK) != 0 || ::stat(trusted.c_str(), &st) != 0) return {};
    // Remembered beside the build's other outputs, by the program's inode, size and times
    // (ctime: no program can set it back), so that a warm check runs no second program.
    const std::string identity = trusted + " " + std::to_string(st.st_ino) + " " + std::to_string(st.st_size) + " " +
                                 std::to_string(st.st_mtim.tv_sec) + "." + std::to_string(st.st_mtim.tv_nsec) + " " +
                                 std::to_string(st.st_ctim.tv_sec) + "." + std::to_string(st.st_ctim.tv_nsec) + "\n";
    const std::string memo = o.build + "/CMakeFiles/.course-cases-" + e.name;
    {
        std::ifstream f(memo, std::ios::binary);
        std::string first, line;
        std::vector<std::string> names;
        if (std::getline(f, first) && first + "\n" == identity) {
            while (std::getline(f, line))
                if (!line.empty()) names.push_back(line);
            if (!names.empty()) return names;
        }
    }
    ProcessSpec spec;
    spec.argv = {trusted, "--list_content", "--run_test=" + e.name};
    spec.timeout_seconds = 20;
    spec.max_output = 1 << 20;
    spec.env = {"OPENBLAS_NUM_THREADS=1"};
    spec.clean_env = true;
    const auto listed = run_process(spec);
    const auto names = listed_cases(listed.output, e.name);
    if (!names.empty() && ::access((o.build + "/CMakeFiles").c_str(), W_OK) == 0) {
        const std::string tmp = memo + ".tmp." + std::to_string(::getpid());
        {
            std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
            f << identity;
            for (const auto& n : names) f << n << "\n";
        }
        std::error_code ec;
        fs::rename(tmp, memo, ec);
    }
    return names;
}

// Runs one check program, contained (sandbox.hpp), and reads its record. `guard`: the
// course folder fingerprinted around the run (FolderGuard), for every program that holds
// a learner's code.
CheckReport run_check_program(const Options& o, const Sandbox& sandbox, const Exercise& e, const std::string& exe,
                              bool guard) {
    ContainedRun run;
    run.guard = guard;
    run.argv = check_arguments(exe, e);
    run.timeout_seconds = o.timeout;
    run.memory_limit = o.memory;
    run.root = o.root;
    run.build = o.build;
    run.state_dir = state_dir(o);
    run.checked_file = "exercises/" + e.file;
    const auto cases = trusted_cases(o, e);
    const ContainedResult res = run_contained(sandbox, run);

    CheckInput in;
    in.process = res.process;
    // Boost.Test writes its own setup errors (exit code 200) to the report sink, as plain text
    if (res.process.exit_code == 200 && res.report_xml.rfind("<", 0) != 0)
        in.process.output = res.report_xml + res.log_xml + in.process.output;
    in.record = parse_record(res.log_xml, res.report_xml, e.name, res.progress);
    in.timeout_seconds = o.timeout;
    in.memory_limit = o.memory;
    in.guard_lines = res.guard.lines;
    in.out_of_memory = res.out_of_memory;
    in.record_too_large = res.record_too_large;
    if (!(res.process.exit_code == 200 && res.report_xml.rfind("<", 0) != 0))
        in.doubts = record_doubts(res.report_xml, res.syncs, in.record, e.name, cases);
    if (in.doubts.empty() && res.progress_unanswered && !res.report_xml.empty())
        in.doubts = "its progress lines were not written by the check's own observer (they did not wait for the checker)";
    // the report, the outcomes the progress observer sent and the log's errors must all say the same
    if (in.doubts.empty() && !res.record_too_large) in.doubts = channels_disagree(in.record);
    in.expected_cases = cases.empty() ? -1 : static_cast<int>(cases.size());
    return interpret_check(in);
}

// refused_symbols, remembered for objects that passed: by their inode, size, mtime and
// ctime (which no program can set back), beside them in the build folder, and by the
// rules they passed (kRules: a memo of older rules does not count). A warm check of an
// unchanged file then runs none of nm, ldd and nm -D (together 0.1 to 0.2 s). `trusted`
// is the program whose shared libraries the check links too (build/test_NN).
std::vector<std::string> refused_symbols_cached(const std::vector<std::string>& objects,
                                                const std::vector<std::string>& checks, const std::string& trusted) {
    if (objects.empty()) return {};
    static const char* const kRules = "rules 2: library exports\n";
    bool with_libraries = false;  // (a pass without the libraries' names is not remembered)
    auto refused_now = [&] {
        const auto libraries = linked_libraries(trusted);
        with_libraries = !libraries.empty();
        return refused_symbols(objects, checks, libraries);
    };
    std::string identity = kRules;
    std::vector<std::string> all = objects;
    all.insert(all.end(), checks.begin(), checks.end());
    for (const auto& obj : all) {
        struct stat st {};
        if (::lstat(obj.c_str(), &st) != 0) return refused_now();
        identity += obj + " " + std::to_string(st.st_ino) + " " + std::to_string(st.st_size) + " " +
                    std::to_string(st.st_mtim.tv_sec) + "." + std::to_string(st.st_mtim.tv_nsec) + " " +
                    std::to_string(st.st_ctim.tv_sec) + "." + std::to_string(st.st_ctim.tv_nsec) + "\n";
    }
    const std::string memo = fs::path(objects[0]).parent_path().string() + "/.course-symbols-ok";
    {
        std::ifstream f(memo, std::ios::binary);
        std::ostringstream text;
        text << f.rdbuf();
        if (f && text.str() == identity) return {};
    }
    auto refused = refused_now();
    if (refused.empty() && with_libraries) {
        std::ofstream f(memo, std::ios::binary | std::ios::trunc);
        f << identity;
    }
    return refused;
}

// A refusal before anything runs: the learner's file is not a plain file, or its
// object defines or calls what no exercise does.
CheckReport refusal(const std::string& line) {
    CheckReport rep;
    rep.verdict = Verdict::Refused;
    rep.lines.push_back(line);
    return rep;
}

CheckReport check_one(const Options& o, const Sandbox& sandbox, const Exercise& e) {
    // Only a plain file is compiled: a link to /dev/zero, a FIFO or another file is refused by name.
    struct stat st {};
    const std::string path = exercise_path(o, e);
    if (::lstat(path.c_str(), &st) != 0)
        return refusal("exercises/" + e.file + " is missing; ./course reset " + e.name + " brings the stub back");
    if (!S_ISREG(st.st_mode))
        return refusal("exercises/" + e.file + " is not a plain file (" +
                       (S_ISLNK(st.st_mode) ? std::string("a link") : std::string("a device, FIFO or folder")) +
                       "): the course compiles only plain files. Copy your code into a plain file of that name "
                       "(./course reset " + e.name + " keeps a backup of what is there)");
    // The check program and the program that lists its cases without the learner's code.
    const auto built = run_process(build_command(o, {"check_" + e.name, "test_" + e.chapter}, "", false), 900);
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
        rep.lines.push_back(printable(err));
        return rep;
    }
    // What the learner's object defines outside the exercise's namespace, or calls of the test framework.
    const auto refused = refused_symbols_cached(objects_of(o.build, "ex_" + e.name),
                                                objects_of(o.build, "test_" + e.chapter + "_obj"),
                                                o.trusted.empty() ? o.build + "/test_" + e.chapter : o.trusted);
    if (!refused.empty()) {
        std::string names;
        for (std::size_t i = 0; i < refused.size() && i < 4; ++i) names += (i ? "; " : "") + refused[i];
        if (refused.size() > 4) names += " and " + std::to_string(refused.size() - 4) + " more";
        return refusal("exercises/" + e.file + " defines or calls what is not part of the exercise: " + printable(names) +
                       ". A check links only your functions of namespace attn; put helpers in an unnamed namespace "
                       "(or make them static), and leave the test framework alone");
    }
    return run_check_program(o, sandbox, e, o.build + "/checks/check_" + e.name, /*guard=*/true);
}

// One line, once per command: how the learner's code is contained, and its limits.
// `learner_code`: the command compiles or runs the learner's code (or a program that
// stands for it); where nothing can contain that, and --unsafe was not given, it stops
// here (NoSandbox), before any lock, build or file is taken or written.
Sandbox open_sandbox(const Options& o, bool say, bool learner_code = true) {
    Sandbox sb = Sandbox::detect(o.sandbox, o.unsafe);
    if (learner_code && !sb.allowed()) throw NoSandbox(sb.refusal());
    sb.choose_user(o.build, o.root);  // the fallback as root: as nobody, where nobody can reach the course
    // The learner's compiler launcher (cmake/bounded_compile.sh) compiles inside bubblewrap
    // where it runs; outside it only where this command would run the code (compile_mode).
    ::setenv("ATTN_COMPILE_SANDBOX", sb.compile_mode().c_str(), 1);
    if (say) {
        std::ostringstream limits;
        limits << o.timeout << " s and " << describe_bytes(o.memory) << " per check";
        limits << (sb.memory_cgroup() ? " (memory for all its processes together)" : "");
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
    // said as it happened: Ctrl-C only when it was SIGINT (a SIGTERM or SIGHUP came from elsewhere)
    const int sig = interrupting_signal();
    std::printf("\nstopped (%s): the build and every check were ended; your files are as you left them\n",
                sig == SIGINT ? "Ctrl-C" : sig == SIGTERM ? "SIGTERM" : "SIGHUP, the terminal was closed");
    std::fflush(stdout);
    std::exit(130);
}

// --- commands -----------------------------------------------------------------

bool is_done(const Options& o, const Exercise& e, const std::map<std::string, std::string>& status);

// After a pass: the exercises whose reference versions the learner's code called
// although the learner has not finished them, as one note for the verdict line:
// "(checked with the reference scaled_dot_product_attention of chapter 06, which
// you have not written yet)". Empty when the pass rests on nothing unfinished.
std::string reliance_note(const Options& o, Reliance& reliance, const Exercise& e, const std::vector<Exercise>& all) {
    const auto called = reliance.called_by(e, all);
    if (called.empty()) return "";
    const auto status = load_status(o);
    std::vector<std::string> paths;
    std::vector<Exercise> pending;
    for (const auto& x : called)
        if (!is_done(o, x, status)) {
            pending.push_back(x);
            paths.push_back("exercises/" + x.file);
        }
    if (pending.empty()) return "";
    const auto untouched = Stubs(o.root).untouched(paths);
    std::string note;
    for (std::size_t i = 0; i < pending.size(); ++i) {
        const auto& x = pending[i];
        note += std::string(i == 0 ? "(checked with the reference " : "; with the reference ") + x.name + " of chapter " +
                x.chapter + (untouched[i] ? ", which you have not written yet" : ", which does not pass yet");
    }
    return note + ")";
}

// The columns of the terminal the verdicts go to; 0 when they go elsewhere (a pipe, a file).
std::size_t terminal_width() {
    winsize ws {};
    if (::isatty(STDOUT_FILENO) && ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0) return ws.ws_col;
    return 0;
}

// Lines below a verdict: each may hold text the learner's program wrote, so each is made
// printable and, on a terminal, broken into indented rows (screen_rows): nothing of it
// reaches the screen as a command, and no row of it starts where a verdict line does.
void print_below(const std::vector<std::string>& lines, const std::string& indent) {
    const std::size_t width = terminal_width();
    for (const auto& l : lines)
        for (const auto& row : screen_rows(l, indent, width)) std::printf("%s\n", row.c_str());
}

// The verdict line and what follows it, as check and watch print them.
void print_report(const Exercise& e, const CheckReport& rep, const std::string& note = "") {
    std::printf("%s %s %-30s %s%s\n", mark(rep.verdict), e.chapter.c_str(), e.name.c_str(),
                verdict_word(rep.verdict).c_str(), note.empty() ? "" : (" " + note).c_str());
    // a recognised mistake says most; then a couple of the failing checks; what the guard did, always
    print_below(shown_lines(rep), "      ");
    if (rep.verdict != Verdict::Done && rep.verdict != Verdict::NotStarted)
        std::printf("      file: exercises/%s   hint: ./course hint %s\n", e.file.c_str(), e.name.c_str());
    std::fflush(stdout);
}

// failing.txt gets the checks the exercise failed in, for ./course hint, which shows the
// hints of those checks first (hints.hpp); written only when that changed.
void remember_failing(const Options& o, const Exercise& e, const CheckReport& rep) {
    std::string cases;
    for (const auto& c : rep.failing_cases)
        if (is_case_name(c)) cases += (cases.empty() ? "" : " ") + c;  // (a forged record's names stay out)
    auto failing = load_failing(o);
    const auto it = failing.find(e.name);
    if (it == failing.end() ? cases.empty() : it->second == cases) return;  // unchanged: nothing to write
    if (cases.empty()) failing.erase(e.name);
    else failing[e.name] = cases;
    write_state(state_dir(o) + "/failing.txt", failing);
}

// status.txt gets the verdict with the hash of the file as it was checked. Read
// again just before writing: the file is the truth, not what was read at the start.
void remember(const Options& o, const Exercise& e, const CheckReport& rep, const std::string& hash) {
    const CourseLock lock(state_dir(o));  // (held already by check; watch and others take it here)
    auto status = load_status(o);
    status[e.name] = verdict_word(rep.verdict) + "|" + hash;
    write_state(state_dir(o) + "/status.txt", status);
    remember_failing(o, e, rep);
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
    const Sandbox sandbox = open_sandbox(o, true);  // (first: a refusal writes nothing, not even a lock)
    const BuildLock lock(o.build);  // one build and one set of checks at a time in this build folder
    const CourseLock course_lock(state_dir(o));  // and one check of this course folder, whatever the build folder
    prebuild(o, list);
    if (interrupted()) stop_on_interrupt();
    int done = 0;
    Reliance reliance(o.build);
    for (const auto& e : list) {
        const std::string hash = content_hash(read_file(exercise_path(o, e)));  // the version checked
        const CheckReport rep = check_one(o, sandbox, e);
        if (interrupted()) stop_on_interrupt();
        remember(o, e, rep, hash);
        print_report(e, rep, rep.verdict == Verdict::Done ? reliance_note(o, reliance, e, all) : "");
        if (rep.verdict == Verdict::Done) ++done;
    }
    std::printf("\n%d / %zu done\n", done, list.size());
    return done == static_cast<int>(list.size()) ? 0 : 1;
}

// ./course watch [NN|NAME]: the first unfinished exercise of the chapter or the course
// (a named one: that one), checked again each time its file is saved; on a pass, on to
// the next unfinished one of what was asked for. A chapter or an exercise asked for is
// watched until it is done, then watch says so and what comes next, and ends (exit 0);
// the whole course is watched through, with a line as each chapter is done.
class Watcher {
public:
    Watcher(const Options& o, const std::string& selector)
        : o_(o), all_(load_manifest(o.root + "/exercises/manifest.txt")), scope_(watch_scope(all_, selector)),
          sandbox_(sandbox_of(o)), reliance_(o.build) {}

    int run() {
        const auto done = done_now();
        // a named exercise is checked at once, done or not; otherwise the first unfinished
        current_ = scope_.kind == WatchScope::Kind::Exercise ? index_of(scope_.exercise)
                                                              : next_unfinished(all_, done, scope_, 0);
        if (current_ >= all_.size()) {
            std::printf("%s\n", scope_.kind == WatchScope::Kind::Course ? "every exercise is done: nothing to watch"
                                                                         : scope_done_line(all_, done, scope_).c_str());
            return 0;
        }
        watch_ = std::make_unique<FileWatch>();  // from here on: the terminal gives single keys
        announce();
        if (!check_current()) return exit_code();
        while (!interrupted()) {
            const char key = watch_->wait(1000);
            if (key == 0) continue;
            if (key == 'q') break;
            if (key == 'h') {
                show_hint(o_, all_[current_]);
            } else if (key == 's' || key == 'c') {
                if (!check_current()) return exit_code();
            } else {
                std::printf("(keys: h a hint, c check again, q quit)\n");
                std::fflush(stdout);
            }
        }
        std::printf("stopped watching\n");
        return exit_code();
    }

private:
    // (after the arguments are known to be right: the first line says how checks are contained)
    static Sandbox sandbox_of(const Options& o) {
        require_build_of(o.build, o.root);
        return open_sandbox(o, true);
    }

    int exit_code() const { return interrupted() ? 130 : 0; }

    std::size_t index_of(const std::string& name) const {
        for (std::size_t i = 0; i < all_.size(); ++i)
            if (all_[i].name == name) return i;
        return all_.size();
    }

    // Which exercises are done now, as status.txt says for the files as they are.
    std::vector<bool> done_now() const {
        const auto status = load_status(o_);
        std::vector<bool> done;
        for (const auto& e : all_) done.push_back(is_done(o_, e, status));
        return done;
    }

    void announce() {
        const Exercise& e = all_[current_];
        std::printf("\n== %s (chapter %s): %s\n   edit exercises/%s and save it; h: a hint, c: check again, q: quit\n",
                    e.name.c_str(), e.chapter.c_str(), e.title.c_str(), e.file.c_str());
        std::fflush(stdout);
        watch_->follow(exercise_path(o_, e));
    }

    // Checks, and moves on while the exercise passes; false once there is nothing left
    // to watch (what was asked for is done) or the learner stopped it.
    bool check_current() {
        while (true) {
            const Exercise& e = all_[current_];
            const std::string hash = content_hash(read_file(exercise_path(o_, e)));
            CheckReport rep;
            {
                const BuildLock lock(o_.build);  // only while checking: other commands may run between saves
                const CourseLock course_lock(state_dir(o_));
                rep = check_one(o_, sandbox_, e);
            }
            if (interrupted()) return false;
            remember(o_, e, rep, hash);
            print_report(e, rep, rep.verdict == Verdict::Done ? reliance_note(o_, reliance_, e, all_) : "");
            if (rep.verdict != Verdict::Done) return true;  // watched until it passes
            if (!move_on()) return false;
        }
    }

    // After a pass: on to the next unfinished exercise of the scope; false (and said,
    // with what comes next) once the scope is done.
    bool move_on() {
        const auto done = done_now();
        // a watch of the whole course says so as it finishes each chapter, and goes on
        const std::string& chapter = all_[current_].chapter;
        if (scope_.kind == WatchScope::Kind::Course && chapter_done(all_, done, chapter))
            std::printf("\n%s\n", chapter_done_line(chapter).c_str());
        const std::size_t next = next_unfinished(all_, done, scope_, current_ + 1);
        if (next >= all_.size()) {
            std::printf("\n%s\n", scope_done_line(all_, done, scope_).c_str());
            std::fflush(stdout);
            return false;
        }
        current_ = next;
        announce();
        return true;
    }

    const Options& o_;
    const std::vector<Exercise> all_;
    const WatchScope scope_;
    const Sandbox sandbox_;
    Reliance reliance_;
    std::unique_ptr<FileWatch> watch_;
    std::size_t current_ = 0;
};

int cmd_watch(const Options& o) {
    if (o.args.size() > 1) throw std::invalid_argument("usage: ./course watch [NN|NAME]");
    return Watcher(o, o.args.empty() ? "" : o.args[0]).run();
}

// For ./course's own builds of the learner's files (the tour, run NN --mine, test, bench):
// the decision check makes, so that no build compiles them where check would not. Prints
// the ATTN_COMPILE_SANDBOX those builds take; where check would refuse to run the
// learner's code, refuses the same way (NoSandbox), and the launcher compiles nothing
// outside bubblewrap.
//   coursectl sandbox [--sandbox MODE] [--unsafe]
int cmd_sandbox(const Options& o) {
    if (!o.args.empty()) throw std::invalid_argument("usage: coursectl sandbox [--sandbox MODE] [--unsafe]");
    std::printf("%s\n", open_sandbox(o, false).compile_mode().c_str());
    return 0;
}

// Suite: check one given program exactly as `check` would (contained, from its
// record), print the verdict, and exit 0 only when it is done.
//   coursectl check-program EXERCISE [--sandbox MODE] [--memory SIZE] -- PROGRAM
int cmd_check_program(const Options& o) {
    if (o.args.size() != 1 || o.after.size() != 1)
        throw std::invalid_argument("usage: coursectl check-program EXERCISE -- CHECK_PROGRAM");
    const auto e = select(load_manifest(o.root + "/exercises/manifest.txt"), o.args[0]).at(0);
    const Sandbox sandbox = open_sandbox(o, true);
    const std::string program = fs::absolute(o.after[0]).string();
    // the objects compiled for this program itself (BUILD/CMakeFiles/NAME.dir, found
    // above the program): refused by name like a learner's
    CheckReport rep;
    // --objects TARGET: the object library that stands for the learner's file in it
    // (its objects in BUILD/CMakeFiles/TARGET.dir), refused by name like a learner's
    // (the checks' own objects: beside the trusted program, when one is named)
    const auto checks = o.trusted.empty() ? std::vector<std::string>{}
                                          : objects_of(fs::path(o.trusted).parent_path().string(), "test_" + e.chapter + "_obj");
    const auto refused = o.objects.empty() ? std::vector<std::string>{}
                                           : refused_symbols(objects_of(o.build, o.objects), checks,
                                                             o.trusted.empty() ? std::vector<std::string>{}
                                                                               : linked_libraries(o.trusted));
    if (!refused.empty()) {
        std::string names;
        for (const auto& r : refused) names += (names.empty() ? "" : "; ") + r;
        rep = refusal("the program's own code defines or calls what is not part of the exercise: " + printable(names));
    } else {
        rep = run_check_program(o, sandbox, e, program, /*guard=*/true);
    }
    if (interrupted()) stop_on_interrupt();
    std::printf("%s %s %s\n", mark(rep.verdict), e.name.c_str(), verdict_word(rep.verdict).c_str());
    print_below(rep.lines, "      ");
    for (const auto& d : rep.diagnoses) print_below({"[" + d.id + "]"}, "      ");
    return rep.verdict == Verdict::Done ? 0 : 1;
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
    const Sandbox sandbox = open_sandbox(o, false);  // (a refusal first: it writes nothing)
    const BuildLock lock(o.build);
    const CheckReport rep = check_one(o, sandbox, e);
    print_below(rep.lines, "  ");
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

// Suite: every version of an exercise checked as a learner's file is checked. A wrong
// version (tests/mistakes/EXERCISE/ID[.WHICH].cpp) must be named exactly as its mistake
// ID, a right one (tests/correct/EXERCISE/NAME.cpp) must pass.
//   coursectl expect-versions EXERCISE VERSION... -- PROGRAM
// VERSION number K (counted from 0) is `mistakes/ID[.WHICH]` or `correct/NAME`, and
// PROGRAM runs it when ATTN_VERSION=K (tests/support/versions.hpp).
//
// The versions are the repository's own code, never a learner's: contained as far as
// this machine can, run where a learner's would be refused too, and the course folder is
// not fingerprinted around them. They run kVersionWorkers at a time, each in a process
// of its own: most of one version's time is spent by the kernel setting up and taking
// down bubblewrap's namespaces, waiting rather than computing, so that the runs overlap
// well (docs/PERFORMANCE.md has the figures).
namespace {

constexpr std::size_t kVersionWorkers = 4;

struct VersionOutcome {
    bool as_expected = false;
    std::string text;  // what to print for it: one line, and the check's lines below a failure
};

VersionOutcome judge_version(const Options& o, const Sandbox& sandbox, const Exercise& e, const std::string& program,
                             const std::string& version) {
    const bool right = version.rfind("correct/", 0) == 0;
    const std::string stem = version.substr(version.find('/') + 1);
    const std::string id = stem.substr(0, stem.find('.'));
    const std::string file = "tests/" + version.substr(0, version.find('/')) + "/" + e.name + "/" + stem + ".cpp";
    const CheckReport rep = run_check_program(o, sandbox, e, program, /*guard=*/false);
    std::string ids;
    for (const auto& d : rep.diagnoses) ids += (ids.empty() ? "" : ", ") + d.id;
    VersionOutcome out;
    if (right) {
        out.as_expected = rep.verdict == Verdict::Done;
        out.text = out.as_expected ? "ok   " + file + ": passes"
                                   : "FAIL " + file + ": a right version should pass, got verdict '" +
                                         verdict_word(rep.verdict) + "'" + (ids.empty() ? "" : " and diagnoses [" + ids + "]");
    } else {
        out.as_expected = rep.verdict == Verdict::Failing && rep.diagnoses.size() == 1 && rep.diagnoses[0].id == id;
        out.text = out.as_expected ? "ok   " + file + ": named [" + id + "]"
                                   : "FAIL " + file + ": expected exactly the diagnosis [" + id + "], got verdict '" +
                                         verdict_word(rep.verdict) + "' and diagnoses [" + ids + "]";
    }
    out.text += "\n";
    if (!out.as_expected)
        for (const auto& l : rep.lines) out.text += "        " + l + "\n";
    return out;
}

}  // namespace

namespace {

// One worker of expect-versions: runs versions w, w + workers, ... in a sandbox of its own and writes
// each outcome to `out` as "K OK SIZE\n" followed by the report; a setup error as "error TEXT".
[[noreturn]] void run_version_worker(const Options& o, const Exercise& e, const std::string& program,
                                     const std::vector<std::string>& versions, std::size_t w, std::size_t workers,
                                     std::FILE* out) {
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);  // ended with the suite's test
    int status = 0;
    try {
        const Sandbox sandbox = open_sandbox(o, false, /*learner_code=*/false);
        for (std::size_t k = w; k < versions.size(); k += workers) {
            ::setenv("ATTN_VERSION", std::to_string(k).c_str(), 1);
            const auto judged = judge_version(o, sandbox, e, program, versions[k]);
            std::fprintf(out, "%zu %d %zu\n%s", k, judged.as_expected ? 1 : 0, judged.text.size(),
                         judged.text.c_str());
            if (interrupted()) break;
        }
    } catch (const std::exception& ex) {
        std::fprintf(out, "error %s\n", ex.what());
        status = 3;
    }
    std::fflush(out);
    std::_Exit(status);
}

// Reads what one worker wrote: each version's report into text[k] and whether it was as expected into
// found[k] (1 yes, 0 no); a worker's setup error is appended to `errors`.
void read_version_outcomes(std::FILE* in, std::vector<std::string>& text, std::vector<int>& found,
                           std::string& errors) {
    std::rewind(in);
    char head[64];
    while (std::fgets(head, sizeof head, in)) {
        std::size_t k = 0, size = 0;
        int ok = 0;
        if (std::string(head).rfind("error ", 0) == 0) {
            errors += std::string(head).substr(6);
            char rest[512];
            while (std::fgets(rest, sizeof rest, in)) errors += rest;
            return;
        }
        if (std::sscanf(head, "%zu %d %zu", &k, &ok, &size) != 3 || k >= text.size()) return;
        std::string body(size, '\0');
        if (std::fread(&body[0], 1, size, in) != size) return;
        text[k] = body;
        found[k] = ok;
    }
}

}  // namespace

int cmd_expect_versions(const Options& o) {
    if (o.args.size() < 2 || o.after.size() != 1)
        throw std::invalid_argument("usage: coursectl expect-versions EXERCISE VERSION... -- PROGRAM");
    const auto e = select(load_manifest(o.root + "/exercises/manifest.txt"), o.args[0]).at(0);
    const std::vector<std::string> versions(o.args.begin() + 1, o.args.end());
    for (const auto& v : versions)
        if (v.rfind("mistakes/", 0) != 0 && v.rfind("correct/", 0) != 0)
            throw std::invalid_argument("a version is mistakes/ID[.WHICH] or correct/NAME, not '" + v + "'");
    const std::string program = fs::absolute(o.after[0]).string();
    // each worker writes what it found into a file of its own, read once all have ended
    const std::size_t workers = std::min(kVersionWorkers, versions.size());
    std::vector<std::FILE*> files(workers, nullptr);
    std::vector<pid_t> pids(workers, -1);
    for (std::size_t w = 0; w < workers; ++w) {
        files[w] = std::tmpfile();
        if (!files[w]) throw std::runtime_error("cannot make a temporary file for the versions' outcomes");
        std::fflush(nullptr);
        pids[w] = ::fork();
        if (pids[w] < 0) throw std::runtime_error("cannot start a process for the versions of " + e.name);
        if (pids[w] == 0) run_version_worker(o, e, program, versions, w, workers, files[w]);
    }
    std::vector<std::string> text(versions.size());
    std::vector<int> found(versions.size(), -1);  // -1: no outcome, 0: not as expected, 1: as expected
    std::string errors;
    for (std::size_t w = 0; w < workers; ++w) {
        int wstatus = 0;
        while (::waitpid(pids[w], &wstatus, 0) < 0 && errno == EINTR)
            if (interrupted())  // the workers end their runs and stop
                for (pid_t p : pids) ::kill(p, SIGTERM);
        read_version_outcomes(files[w], text, found, errors);
        std::fclose(files[w]);
    }
    if (interrupted()) stop_on_interrupt();
    std::vector<std::string> wrong;
    for (std::size_t k = 0; k < versions.size(); ++k) {
        if (found[k] < 0) text[k] = "FAIL tests/" + versions[k] + ": no outcome (its worker ended early)\n";
        std::fputs(text[k].c_str(), stdout);
        if (found[k] != 1) wrong.push_back(versions[k]);
    }
    if (!errors.empty()) std::printf("error: %s", errors.c_str());
    if (wrong.empty()) {
        std::printf("ok: all %zu versions of %s as expected\n", versions.size(), e.name.c_str());
        return 0;
    }
    std::string list;
    for (const auto& v : wrong) list += (list.empty() ? "" : ", ") + v;
    std::printf("FAIL: %zu of %zu versions of %s not as expected: %s\n", wrong.size(), versions.size(), e.name.c_str(),
                list.c_str());
    return 1;
}

}  // namespace course
