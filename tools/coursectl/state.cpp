#include "state.hpp"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <sys/file.h>
#include <unistd.h>

#include "process.hpp"

namespace fs = std::filesystem;

namespace course {

StateFile read_state(const std::string& path, const std::function<bool(const std::string&, const std::string&)>& valid) {
    StateFile s;
    std::ifstream f(path, std::ios::binary);
    if (!f) return s;
    std::string line;
    int number = 0;
    while (std::getline(f, line)) {
        ++number;
        if (line.empty()) continue;
        const auto space = line.find(' ');
        const std::string name = line.substr(0, space);
        const std::string value = space == std::string::npos ? "" : line.substr(space + 1);
        bool printable = true;
        for (unsigned char c : line) printable = printable && c >= 0x20 && c != 0x7f;
        if (name.empty() || !printable || (valid && !valid(name, value))) {
            s.problems.push_back("line " + std::to_string(number));
            continue;
        }
        s.values[name] = value;
    }
    return s;
}

void write_state(const std::string& path, const std::map<std::string, std::string>& values) {
    fs::create_directories(fs::path(path).parent_path());
    const std::string tmp = path + ".tmp." + std::to_string(::getpid());
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        for (const auto& [k, v] : values) f << k << ' ' << v << '\n';
        f.flush();
        if (!f) {
            std::error_code ec;
            fs::remove(tmp, ec);
            throw std::runtime_error("cannot write " + tmp);
        }
    }
    fs::rename(tmp, path);
}

std::string write_new_file(const std::string& dir, const std::string& stem, const std::string& ext,
                           const std::string& content) {
    fs::create_directories(dir);
    char stamp[32];
    const std::time_t now = std::time(nullptr);
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
    for (int n = 1; n < 10000; ++n) {
        const std::string path =
            dir + "/" + stem + "-" + stamp + (n == 1 ? "" : "-" + std::to_string(n)) + ext;
        // O_EXCL: the name is ours only if nobody had it, not even a moment ago
        const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd < 0) {
            if (errno == EEXIST) continue;
            throw std::runtime_error("cannot create " + path + ": " + std::strerror(errno));
        }
        std::size_t done = 0;
        while (done < content.size()) {
            const ssize_t w = ::write(fd, content.data() + done, content.size() - done);
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) {
                ::close(fd);
                throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
            }
            done += static_cast<std::size_t>(w);
        }
        if (::fsync(fd) != 0 || ::close(fd) != 0) throw std::runtime_error("cannot write " + path);
        return path;
    }
    throw std::runtime_error("too many files named " + stem + "-" + stamp + " in " + dir);
}

BuildLock::BuildLock(const std::string& build_dir) {
    fs::create_directories(build_dir);
    const std::string path = build_dir + "/.course.lock";
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
    if (::flock(fd_, LOCK_EX | LOCK_NB) == 0) return;
    std::cout << "another ./course command is building or checking in this folder; waiting for it to finish"
              << std::endl;
    while (::flock(fd_, LOCK_EX) != 0) {
        if (errno != EINTR || interrupted()) {
            ::close(fd_);
            throw std::runtime_error("stopped while waiting for the other ./course command");
        }
    }
}

BuildLock::~BuildLock() {
    if (fd_ >= 0) ::close(fd_);  // closing releases the lock
}

namespace {
struct HeldLock {
    int fd = -1;
    int count = 0;
};
std::map<std::string, HeldLock>& held_locks() {
    static std::map<std::string, HeldLock> m;
    return m;
}
int open_course_lock(const std::string& state_dir) {
    fs::create_directories(state_dir);
    const std::string path = state_dir + "/lock";
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
    return fd;
}
}  // namespace

CourseLock::CourseLock(const std::string& state_dir) : key_(fs::weakly_canonical(state_dir).string()) {
    auto& h = held_locks()[key_];
    if (h.count++ > 0) return;
    h.fd = open_course_lock(state_dir);
    if (::flock(h.fd, LOCK_EX | LOCK_NB) == 0) return;
    std::cout << "another ./course command is checking this course folder; waiting for it to finish" << std::endl;
    while (::flock(h.fd, LOCK_EX) != 0) {
        if (errno != EINTR || interrupted()) {
            ::close(h.fd);
            held_locks().erase(key_);
            throw std::runtime_error("stopped while waiting for the other ./course command");
        }
    }
}

std::unique_ptr<CourseLock> CourseLock::try_take(const std::string& state_dir) {
    const std::string key = fs::weakly_canonical(state_dir).string();
    auto& h = held_locks()[key];
    if (h.count == 0) {
        h.fd = open_course_lock(state_dir);
        if (::flock(h.fd, LOCK_EX | LOCK_NB) != 0) {
            ::close(h.fd);
            held_locks().erase(key);
            return nullptr;
        }
    }
    ++h.count;
    std::unique_ptr<CourseLock> l(new CourseLock());
    l->key_ = key;
    return l;
}

CourseLock::~CourseLock() {
    auto it = held_locks().find(key_);
    if (it == held_locks().end()) return;
    if (--it->second.count == 0) {
        ::close(it->second.fd);
        held_locks().erase(it);
    }
}

void require_build_of(const std::string& build_dir, const std::string& root) {
    std::ifstream cache(build_dir + "/CMakeCache.txt");
    if (!cache) return;  // not configured yet: cmake will make it ours
    std::string line, home;
    const std::string key = "CMAKE_HOME_DIRECTORY:INTERNAL=";
    while (std::getline(cache, line))
        if (line.rfind(key, 0) == 0) home = line.substr(key.size());
    std::error_code e1, e2;
    if (home.empty() || fs::equivalent(home, root, e1)) return;
    throw std::runtime_error(build_dir + " was set up for the course in " + home + ", not for this folder (" +
                             fs::weakly_canonical(root, e2).string() +
                             "); checking there would grade that folder's exercises. Remove " + build_dir +
                             " (./course sets it up again), or run ./course from " + home);
}

}  // namespace course
