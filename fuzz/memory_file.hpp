// memory_file.hpp: fuzz bytes as a real file, for the readers that take a path.
//
// A memfd is a regular file that lives in memory: the readers see it through
// /proc/self/fd/N exactly as they see a file on disk (stat, open, read), with
// no disk and no clean-up beyond closing it.
#pragma once

#include <stdexcept>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

namespace attn_fuzz {

class MemoryFile {
public:
    explicit MemoryFile(const std::string& bytes) : fd_(::memfd_create("fuzz", MFD_CLOEXEC)) {
        if (fd_ < 0) throw std::runtime_error("memfd_create failed");
        std::size_t done = 0;
        while (done < bytes.size()) {
            const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
            if (n <= 0) {
                ::close(fd_);
                throw std::runtime_error("writing a memfd failed");
            }
            done += static_cast<std::size_t>(n);
        }
    }
    ~MemoryFile() { ::close(fd_); }
    MemoryFile(const MemoryFile&) = delete;
    MemoryFile& operator=(const MemoryFile&) = delete;
    std::string path() const { return "/proc/self/fd/" + std::to_string(fd_); }

private:
    int fd_;
};

}  // namespace attn_fuzz
