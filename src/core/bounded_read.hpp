// bounded_read.hpp: reading a whole file that a learner names, within a limit.
//
// Every file the course reads on the learner's say-so (the CSV matrices and
// the mask of `attend`, chapter 12's checkpoint) goes through read_file, which
//   - refuses, by name, what is not a regular file: a directory, a device such
//     as /dev/zero, a named pipe (FIFO), a socket, and a link to any of them,
//     so nothing is read forever and nothing waits for a writer;
//   - refuses a file larger than the reader's limit before reading it, saying
//     the limit and why ("is larger than 64 MiB; attend is for small matrices");
//   - looks at the first line before reading the rest (a checkpoint's header,
//     a CSV file's first row), so a wrong kind of file is refused at once;
//   - never keeps more than the limit, whatever the file claims or turns into
//     while it is read: it reads at most one byte past the limit, then stops.
//     A file is read into one block of its size; only a source that holds
//     more than it claimed (a file growing while it is read) makes the block
//     grow, and while it moves the old and the new block are both held.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace attn::io {

struct ReadLimit {
    std::size_t max_bytes = 64u << 20;
    std::string purpose;          // said after the size: "attend is for small matrices"
    std::string kind = "file";    // what the file should be: "CSV file", "checkpoint"
};

// How much of the start read_file shows `check` at most, when the first line is longer.
constexpr std::size_t kFirstLineBytes = 64 * 1024;

// Called with the file's first line (without its '\n'), before the rest is
// read. `complete` is false when the line goes on past kFirstLineBytes (or
// past the limit): then `line` is only its start. It refuses by throwing.
using FirstLineCheck = std::function<void(const std::string& line, bool complete)>;

// The whole file as bytes. `label` names it at the start of every message
// ("checkpoint a.ckpt", "big.csv"). Throws InputError:
//   "<label>: cannot open (No such file or directory)"
//   "<label>: is a directory, not a CSV file"
//   "<label>: is a character device, not a regular file; reading it might never end"
//   "<label>: is a link to /dev/zero, a character device, not a regular file; ..."
//   "<label>: is larger than 64 MiB; attend is for small matrices"
// and whatever `check` throws.
std::string read_file(const std::string& path, const std::string& label, const ReadLimit& limit,
                      const FirstLineCheck& check = {});

// The same over any source of bytes, once it is open: `read_some(buf, n)`
// fills up to n bytes and returns how many (0 at the end). `size_hint` is the
// size the source claims (0 when unknown); it is trusted for nothing but the
// first allocation. read_file runs this, and so does the fuzz target
// `bounded_read`, with sources that lie about their size or never end.
using ReadSome = std::function<std::size_t(char* buf, std::size_t n)>;
std::string read_bounded(const ReadSome& read_some, std::size_t size_hint, const std::string& label,
                         const ReadLimit& limit, const FirstLineCheck& check = {});

// "64 MiB", "512 KiB", "100 bytes": a limit as the messages say it.
std::string describe_size(std::size_t bytes);

}  // namespace attn::io
