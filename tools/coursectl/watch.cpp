#include "watch.hpp"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <poll.h>
#include <stdexcept>
#include <sys/inotify.h>
#include <termios.h>
#include <unistd.h>

#include "process.hpp"

namespace course {

static_assert(sizeof(termios) <= 128, "FileWatch keeps a termios in 128 bytes");

FileWatch::FileWatch() {
    inotify_ = ::inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
    if (inotify_ < 0) throw std::runtime_error(std::string("cannot watch files here (inotify: ") + std::strerror(errno) + ")");
    if (::isatty(0)) {
        termios t{};
        if (::tcgetattr(0, &t) == 0) {
            std::memcpy(saved_termios_, &t, sizeof t);
            t.c_lflag &= ~static_cast<tcflag_t>(ICANON | ECHO);  // one key at a time, not echoed
            t.c_cc[VMIN] = 0;
            t.c_cc[VTIME] = 0;
            raw_ = ::tcsetattr(0, TCSANOW, &t) == 0;
        }
    }
}

FileWatch::~FileWatch() {
    if (raw_) {
        termios t{};
        std::memcpy(&t, saved_termios_, sizeof t);
        ::tcsetattr(0, TCSANOW, &t);
    }
    if (inotify_ >= 0) ::close(inotify_);
}

void FileWatch::follow(const std::string& path) {
    if (watch_ >= 0) ::inotify_rm_watch(inotify_, watch_);
    const auto slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash);
    name_ = slash == std::string::npos ? path : path.substr(slash + 1);
    watch_ = ::inotify_add_watch(inotify_, dir.c_str(), IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE);
    if (watch_ < 0) throw std::runtime_error("cannot watch " + dir + ": " + std::strerror(errno));
}

char FileWatch::wait(int milliseconds) {
    using clock = std::chrono::steady_clock;
    const auto deadline = clock::now() + std::chrono::milliseconds(milliseconds);
    bool saved = false;
    while (!interrupted()) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now()).count();
        // once saved, wait until the file has been quiet for 150 ms (an editor may write it in steps)
        const int timeout = saved ? 150 : static_cast<int>(std::max<long long>(0, left));
        pollfd fds[2] = {{inotify_, POLLIN, 0}, {0, POLLIN, 0}};
        const int n = ::poll(fds, stdin_open_ ? 2 : 1, timeout);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return saved ? 's' : 0;
        if (fds[0].revents & POLLIN) {
            alignas(inotify_event) char buf[4096];
            ssize_t got;
            while ((got = ::read(inotify_, buf, sizeof buf)) > 0)
                for (char* p = buf; p < buf + got;) {
                    const auto* ev = reinterpret_cast<const inotify_event*>(p);
                    if (ev->len > 0 && name_ == ev->name) saved = true;
                    p += sizeof(inotify_event) + ev->len;
                }
        }
        if (stdin_open_ && (fds[1].revents & (POLLIN | POLLHUP))) {
            char c = 0;
            const ssize_t got = ::read(0, &c, 1);
            if (got <= 0) {
                stdin_open_ = false;  // no more keys (stdin closed): only saves from now on
            } else if (c != '\n' && c != '\r' && c != ' ') {
                return c;
            }
        }
    }
    return 'q';
}

}  // namespace course
