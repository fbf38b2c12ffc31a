// sandbox.hpp: running a learner's check so that it can harm nothing.
//
// While a check runs, the learner's code sees the whole file system read-only
// except a private scratch folder (its working folder, HOME and TMPDIR), has no
// network, at most a set amount of memory, and every process it starts ends
// when the check ends. Two ways to get there:
//
//  - bubblewrap (`bwrap`, Debian package bubblewrap, the sandbox Flatpak uses):
//    read-only bind of /, a fresh /tmp as the scratch folder, new pid, network
//    and IPC namespaces (so the end of the check ends everything it started).
//  - where bubblewrap cannot run (user namespaces disabled, a container that
//    forbids it): resource limits, a scratch folder, killing the process group
//    and every process that escaped it (the checker is their "subreaper"), and
//    the fingerprint below, which then also puts back what was changed.
//
// In both, the course folder is fingerprinted before and after each check:
// that nothing outside the build folder changed is proved, not assumed.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "process.hpp"

namespace course {

class Sandbox {
public:
    enum class Mode { Bubblewrap, Fallback };

    // "auto" (bubblewrap when it works here), "bwrap" (refuse to run without it)
    // or "fallback". Tries bubblewrap once.
    static Sandbox detect(const std::string& requested);

    Mode mode() const { return mode_; }
    // One line for the learner: which containment is in use, and why.
    std::string describe() const;

    // The program line that runs argv inside the sandbox. `visible` are folders
    // that must be seen (read-only) even where the sandbox's private /tmp would
    // hide them: the course folder, the build folder, the program's own folder.
    std::vector<std::string> wrap(const std::vector<std::string>& argv, const std::vector<std::string>& visible) const;

private:
    Mode mode_ = Mode::Fallback;
    std::string why_;  // why not bubblewrap, in fallback mode
};

// Every file below `root` but the build folders, with enough to tell whether it
// changed and, for small files, enough to put it back.
class TreeFingerprint {
public:
    TreeFingerprint(const std::string& root, const std::vector<std::string>& excluded_dirs);
    // Compares the tree with the fingerprint now; puts back the files it kept
    // whole (and removes new ones). Returns what changed, as paths relative to
    // root; `not_restored` gets those it could only detect.
    std::vector<std::string> restore(std::vector<std::string>& not_restored) const;

private:
    struct Entry {
        char type = 'f';  // 'f' file, 'd' folder, 'l' link
        std::size_t size = 0;
        long long mtime_ns = 0;
        unsigned mode = 0;
        bool kept = false;  // content (or link target) kept, so it can be put back
        std::string content;
    };
    std::string root_;
    std::vector<std::string> excluded_;
    std::map<std::string, Entry> entries_;
    static std::map<std::string, Entry> scan(const std::string& root, const std::vector<std::string>& excluded,
                                             bool keep_content);
};

struct ContainedResult {
    ProcessResult process;
    std::string log_xml, report_xml, progress;  // the program's record (record.hpp)
    std::vector<std::string> changed;     // files outside the build folder that changed, put back
    std::vector<std::string> not_restored;
};

struct ContainedRun {
    std::vector<std::string> argv;
    double timeout_seconds = 10;
    std::size_t memory_limit = 0;  // bytes; 0 = none
    std::string root;              // the course folder, fingerprinted around the run
    std::string build;             // excluded from the fingerprint (and visible, read-only)
    bool with_record = true;       // give the program descriptors 3, 4 and 5 for its record
};

// Runs one check program contained. Afterwards no process it started is left.
ContainedResult run_contained(const Sandbox& sandbox, const ContainedRun& run);

// "2 GiB", "512 MiB"; and back: "2G", "512M", "2GiB", plain bytes.
std::string describe_bytes(std::size_t bytes);
// The whole file, or "" when it cannot be read (the callers treat both alike).
std::string read_whole(const std::string& path);
std::size_t parse_bytes(const std::string& text);

}  // namespace course
