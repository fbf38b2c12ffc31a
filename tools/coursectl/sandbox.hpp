// sandbox.hpp: running a learner's check so that it can harm nothing.
//
// While a check runs, the learner's code sees the whole file system read-only
// except a private scratch folder (its working folder, HOME and TMPDIR), has no
// network and no socket of the host, at most a set amount of memory, and every
// process it starts ends when the check ends. Two ways to get there:
//
//  - bubblewrap (`bwrap`, Debian package bubblewrap, the sandbox Flatpak uses):
//    read-only bind of /, a fresh /tmp as the scratch folder, empty /run, /home,
//    /root; new user (no capabilities, as root too), pid, network and IPC
//    namespaces (so the end of the check ends everything it started); the seccomp
//    filter of guard.hpp.
//  - where bubblewrap cannot run (user namespaces disabled, a container that
//    forbids it): its own session, resource limits, a scratch folder, Landlock and
//    the seccomp filter (guard.hpp), the user nobody when the checker is root,
//    killing every process that escaped (the checker is their "subreaper").
//
// Where neither bubblewrap nor Landlock is there, the learner's code could change files
// outside the course folder, signal the learner's other programs and rewrite the record
// that puts the course folder back: no learner's code is compiled or run there (NoSandbox)
// unless the learner accepted that with --unsafe.
//
// In both, the course folder (and, where the code could write them, the build
// folder and the other build trees of the course folder) is fingerprinted before and
// after each check (FolderGuard): a second
// line of defence, which puts back what can be put back and never a learner's edit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "process.hpp"

struct stat;

namespace course {

// Where no sandbox can contain the learner's code, and --unsafe was not given: what()
// is the whole message (why, how to get a sandbox, how to run anyway), said before
// anything is built, run or written. The command then ends with kExitNoSandbox.
struct NoSandbox : std::runtime_error {
    using std::runtime_error::runtime_error;
};
constexpr int kExitNoSandbox = 4;

class Sandbox {
public:
    enum class Mode { Bubblewrap, Fallback };

    // "auto" (bubblewrap when it works here), "bwrap" (refuse to run without it)
    // or "fallback". Tries bubblewrap once. `unsafe`: the learner accepted (--unsafe)
    // that their code runs where nothing contains it (allowed()).
    static Sandbox detect(const std::string& requested, bool unsafe = false);

    Mode mode() const { return mode_; }
    // One line for the learner: which containment is in use, and why.
    std::string describe() const;
    // Whether the learner's code may be compiled and run here: everywhere but the
    // fallback without Landlock, where only --unsafe lets it (the guard's journal, the
    // files outside the course folder and the learner's other processes are in its reach).
    bool allowed() const { return !code_could_write() || unsafe_; }
    // Where allowed() is false: why, how to get a sandbox, and how to run it anyway.
    std::string refusal() const;
    // What the learner's compiler launcher may do (ATTN_COMPILE_SANDBOX of
    // cmake/bounded_compile.sh): "bwrap", or "outside" where bubblewrap cannot run and
    // the code's run is allowed().
    std::string compile_mode() const { return compile_sandboxed_ || !allowed() ? "bwrap" : "outside"; }

    // The program line that runs argv inside the sandbox. `visible` are folders
    // that must be seen (read-only) even where the sandbox's private /tmp would
    // hide them: the course folder, the build folder, the program's own folder.
    // `seccomp_fd` is the descriptor number the program line hands bwrap (-1: none).
    std::vector<std::string> wrap(const std::vector<std::string>& argv, const std::vector<std::string>& visible,
                                  int seccomp_fd = -1) const;

    // Whether the check's code could write the course folder: only in the fallback
    // without Landlock. Everywhere else the kernel keeps it read-only.
    bool code_could_write() const { return mode_ == Mode::Fallback && !landlock_; }
    bool memory_cgroup() const { return cgroup_; }
    // Whether the learner's file is compiled inside bubblewrap (cmake/bounded_compile.sh):
    // wherever bubblewrap runs, whatever the check's mode. Where it does not, the compile
    // has its limits alone, and describe() says so.
    bool compile_sandboxed() const { return compile_sandboxed_; }
    bool landlock() const { return landlock_; }
    // Fallback as root: the check runs as this user (nobody) where it can reach the
    // course; -1 when it runs as the checker's own user.
    int run_as() const { return run_as_; }
    // Decides run_as() for the fallback as root: nobody, if nobody can run `program`
    // and read `root`.
    void choose_user(const std::string& program, const std::string& root);

private:
    Mode mode_ = Mode::Fallback;
    std::string why_;          // why not bubblewrap, in fallback mode
    std::string no_landlock_;  // why not Landlock, in fallback mode without it
    bool landlock_ = false, cgroup_ = false, compile_sandboxed_ = false, unsafe_ = false;
    int run_as_ = -1;
    bool root_ = false;
};

// At the start of a command: a check whose checker was ended before it could look
// over the folder left a journal (.course/guard/pending); settle it now. Returns the
// lines to tell (empty when there was none).
std::vector<std::string> replay_interrupted_check(const std::string& state_dir);

// What the guard does with a change it finds after a check.
struct GuardPolicy {
    bool code_could_write = true;  // false: the kernel kept the folder read-only to the check
    std::string checked_file;      // "exercises/01_rnn_loop/rnn_step.cpp": saved again is normal
    std::string state_dir;         // .course: where the changed versions are kept
};

// Every entry below the course folder (build trees apart) and, where the code could
// write them, every entry of the build trees: type, mode, size, inode, mtime and ctime,
// and the content of small files, so that a change can be seen and, where it should be,
// put back. Which folders are build trees is decided here, before the check: the build
// folder and each folder that has a CMakeCache.txt now, never one below .git/,
// exercises/, .course/ or plots/.
class FolderGuard {
public:
    // `code_could_write`: the build trees are recorded too (by their stat alone), and the
    // content of small files, to put them back; otherwise (under a sandbox nothing is put
    // back) only what tells a change: inode, size, mode, times. Throws where the code
    // could write and the folders hold more entries than can be recorded.
    FolderGuard(const std::string& root, const std::string& build, bool code_could_write);

    struct Outcome {
        std::vector<std::string> lines;    // what the learner is told
        std::vector<std::string> changed;  // put back
        std::vector<std::string> not_restored;
        bool trusted = true;               // nothing changed that a ✓ could rest on
    };
    // Compares with now and settles every change by the rules of docs/CONTAINMENT.md:
    // files below exercises/ are never put back (the version before is kept beside);
    // other files are put back after their changed version is kept in .course/backups,
    // and new ones moved there; changed build outputs are removed, in every build tree
    // recorded. Under a sandbox nothing is put back.
    Outcome settle(const GuardPolicy& policy) const;

    // The journal on disk, for a check whose checker was ended before it settled.
    void save(const std::string& path) const;
    static std::unique_ptr<FolderGuard> load(const std::string& path);

    struct Entry {
        char type = 'f';  // 'f' file, 'd' folder, 'l' link, '?' other
        unsigned mode = 0;
        std::uint64_t size = 0, ino = 0;
        long long mtime_ns = 0, ctime_ns = 0;
        bool kept = false;  // content (or link target) kept, so it can be put back
        std::string content;
    };
    // A build tree recorded apart: where it is, its folder's inode (so that another folder
    // put in its place is not taken for it), and its entries, relative to it.
    struct Tree {
        std::string path;
        std::uint64_t ino = 0;
        std::map<std::string, Entry> entries;
    };

private:
    FolderGuard() = default;
    void record_course(const std::string& rel, std::size_t& kept_bytes, std::size_t& count);
    static void record_tree(const std::string& base, const std::string& rel, std::map<std::string, Entry>& out,
                            std::size_t& count);
    std::string root_, build_;
    bool keep_ = true;
    bool complete_ = true;              // every entry was recorded (below the limit)
    std::vector<std::string> skipped_;  // the build trees below root_, walked apart (relative)
    std::vector<Tree> trees_;           // recorded where the code could write them
    std::map<std::string, Entry> course_;
};

struct ContainedResult {
    ProcessResult process;
    std::string log_xml, report_xml, progress;  // the program's record (record.hpp)
    std::vector<std::pair<std::string, std::size_t>> syncs;  // RecordStreams::syncs
    bool record_too_large = false;
    bool progress_unanswered = false;           // RecordStreams::unanswered
    bool out_of_memory = false;                 // the memory cgroup's limit ended a process
    FolderGuard::Outcome guard;                 // what changed outside, and what was done about it
};

struct ContainedRun {
    std::vector<std::string> argv;
    double timeout_seconds = 10;
    std::size_t memory_limit = 0;  // bytes; 0 = none
    std::string root;              // the course folder, fingerprinted around the run
    std::string build;             // fingerprinted apart (and visible, read-only)
    std::string state_dir;         // .course: the journal and the backups
    std::string checked_file;      // exercises/... of the exercise checked ("" for none)
    bool with_record = true;       // give the program descriptors 3, 4 and 5 for its record
    bool guard = true;             // fingerprint the folders around the run
};

// Runs one check program contained. Afterwards no process it started is left.
ContainedResult run_contained(const Sandbox& sandbox, const ContainedRun& run);

// "2 GiB", "512 MiB"; and back: "2G", "512M", "2GiB", plain bytes.
std::string describe_bytes(std::size_t bytes);
// The whole file, or "" when it cannot be read (the callers treat both alike).
std::string read_whole(const std::string& path);
std::size_t parse_bytes(const std::string& text);

}  // namespace course
