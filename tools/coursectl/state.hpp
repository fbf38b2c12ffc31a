// state.hpp: what ./course remembers in .course/, the lock on a build folder,
// and the checks that a build folder belongs to this course folder.
//
// Nothing here may lose a learner's work: state files are written to a
// temporary file and renamed, a damaged one is reported and rebuilt (never a
// crash), and a backup never overwrites another.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace course {

struct StateFile {
    std::map<std::string, std::string> values;  // name -> value, one "name value" per line
    std::vector<std::string> problems;           // what was wrong with the file, if anything
};

// Reads a state file; a missing file is empty. Lines that are not "name value"
// or that `valid` rejects are dropped and named in `problems`.
StateFile read_state(const std::string& path,
                     const std::function<bool(const std::string&, const std::string&)>& valid = nullptr);

// Writes through PATH.tmp.PID and a rename: an interrupted write loses nothing.
void write_state(const std::string& path, const std::map<std::string, std::string>& values);

// Writes `content` into a new file `dir/stem-STAMP.ext`, adding -2, -3, ...
// until the name is free; never replaces a file. Returns the path.
std::string write_new_file(const std::string& dir, const std::string& stem, const std::string& ext,
                           const std::string& content);

// An exclusive lock on BUILD/.course.lock, held while it lives, so that two
// ./course commands never build or check in one build folder at once. When
// another command holds it, says so once on stdout and waits (Ctrl-C stops the
// wait).
class BuildLock {
public:
    explicit BuildLock(const std::string& build_dir);
    ~BuildLock();
    BuildLock(const BuildLock&) = delete;
    BuildLock& operator=(const BuildLock&) = delete;

private:
    int fd_ = -1;
};

// An exclusive lock on the course folder's STATE/lock (.course/lock), across build
// folders: two checks of one course folder never run at once, so that neither sees
// the other's files as changed, and status.txt is read and written by one at a time.
// Taken again by the same process, it only counts (one open descriptor per folder).
class CourseLock {
public:
    explicit CourseLock(const std::string& state_dir);  // waits, said once, like BuildLock
    ~CourseLock();
    CourseLock(const CourseLock&) = delete;
    CourseLock& operator=(const CourseLock&) = delete;
    // Takes it only when free now; nullptr when another command holds it.
    static std::unique_ptr<CourseLock> try_take(const std::string& state_dir);

private:
    CourseLock() = default;
    std::string key_;
};

// Throws, with both folders named, when BUILD's CMakeCache.txt was configured
// for another source folder than ROOT (a copied or moved course).
void require_build_of(const std::string& build_dir, const std::string& root);

}  // namespace course
