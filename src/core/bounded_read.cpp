#include "core/bounded_read.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

#include "core/errors.hpp"

namespace attn::io {

namespace {

constexpr std::size_t kChunk = 64 * 1024;

// Closes the file however read_file leaves.
struct Fd {
    int fd;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

std::string kind_of(const struct stat& st) {
    if (S_ISDIR(st.st_mode)) return "a directory";
    if (S_ISCHR(st.st_mode)) return "a character device";
    if (S_ISBLK(st.st_mode)) return "a block device";
    if (S_ISFIFO(st.st_mode)) return "a named pipe (FIFO)";
    if (S_ISSOCK(st.st_mode)) return "a socket";
    return "not a regular file";
}

// Only regular files are read: a device can go on for ever (/dev/zero), a pipe
// can wait for ever for a writer. Said before a single byte is read.
[[noreturn]] void refuse_kind(const std::string& path, const std::string& label, const ReadLimit& limit,
                              const struct stat& st) {
    std::string what = kind_of(st);
    struct stat link;
    if (::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
        std::error_code ec;
        const auto target = std::filesystem::canonical(path, ec);
        what = "a link to " + (ec ? std::string("something that") : target.string() + ",") + " " + what;
    }
    if (S_ISDIR(st.st_mode)) throw InputError(label + ": is " + what + ", not a " + limit.kind);
    throw InputError(label + ": is " + what + ", not a regular file; only regular files are read (a device or a "
                             "pipe may never end)");
}

// Grows `text` to hold `more` bytes, to an exact capacity that never passes `max`.
// (std::string::reserve may round a request up to twice the old capacity.)
void make_room(std::string& text, std::size_t more, std::size_t max) {
    const std::size_t need = text.size() + more;
    if (need <= text.capacity()) return;
    const std::size_t cap = std::min(max, std::max({2 * text.capacity(), need, std::size_t{4096}}));
    std::string bigger(cap, '\0');  // allocates exactly cap
    std::memcpy(&bigger[0], text.data(), text.size());
    bigger.resize(text.size());
    text.swap(bigger);
}

}  // namespace

std::string describe_size(std::size_t bytes) {
    constexpr std::size_t KiB = 1024, MiB = 1024 * 1024;
    if (bytes >= MiB && bytes % MiB == 0) return std::to_string(bytes / MiB) + " MiB";
    if (bytes >= KiB && bytes % KiB == 0) return std::to_string(bytes / KiB) + " KiB";
    return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
}

std::string read_bounded(const ReadSome& read_some, std::size_t size_hint, const std::string& label,
                         const ReadLimit& limit, const FirstLineCheck& check) {
    const std::size_t max = limit.max_bytes;
    auto too_large = [&] {
        throw InputError(label + ": is larger than " + describe_size(max) +
                         (limit.purpose.empty() ? "" : "; " + limit.purpose));
    };
    if (size_hint > max) too_large();  // before reading anything

    std::string text;
    // One allocation when the size is right; a wrong one only costs growing later.
    if (size_hint > 0) make_room(text, size_hint, max);
    const std::unique_ptr<char[]> buf(new char[kChunk]);
    bool checked = !check;
    std::size_t searched = 0;  // where the search for the first '\n' goes on
    for (;;) {
        // Never ask for more than one byte past the limit: that byte says "too large".
        const std::size_t want = std::min(kChunk, max + 1 - text.size());
        const std::size_t got = read_some(buf.get(), want);
        if (got == 0) break;
        if (got > want) throw std::logic_error("read_bounded: the source returned more bytes than asked for");
        if (text.size() + got > max) too_large();
        make_room(text, got, max);
        text.append(buf.get(), got);
        // pass 2: the first line, as soon as it is there, before the rest is read
        if (!checked) {
            const auto nl = text.find('\n', searched);
            searched = text.size();
            if (nl != std::string::npos) {
                checked = true;
                check(text.substr(0, nl), true);
            } else if (text.size() >= kFirstLineBytes) {
                checked = true;
                check(text.substr(0, kFirstLineBytes), false);
            }
        }
    }
    if (!checked) check(text, true);  // a file of one line with no '\n' at its end
    return text;
}

std::string read_file(const std::string& path, const std::string& label, const ReadLimit& limit,
                      const FirstLineCheck& check) {
    // pass 1: what the path is, following links, before opening it (opening a
    // named pipe would wait for a writer)
    struct stat st;
    if (::stat(path.c_str(), &st) != 0)
        throw InputError(label + ": cannot open (" + std::strerror(errno) + ")");
    if (!S_ISREG(st.st_mode)) refuse_kind(path, label, limit, st);
    // O_NONBLOCK: should the path have become a pipe since, open does not wait.
    Fd f{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)};
    if (f.fd < 0) throw InputError(label + ": cannot open (" + std::strerror(errno) + ")");
    if (::fstat(f.fd, &st) != 0) throw InputError(label + ": cannot open (" + std::strerror(errno) + ")");
    if (!S_ISREG(st.st_mode)) refuse_kind(path, label, limit, st);

    const ReadSome from_file = [&](char* buf, std::size_t n) -> std::size_t {
        for (;;) {
            const ssize_t got = ::read(f.fd, buf, n);
            if (got >= 0) return static_cast<std::size_t>(got);
            if (errno != EINTR) throw InputError(label + ": cannot be read (" + std::strerror(errno) + ")");
        }
    };
    return read_bounded(from_file, static_cast<std::size_t>(st.st_size), label, limit, check);
}

}  // namespace attn::io
