// Fuzz target: arbitrary bytes -> the bounded readers (see fuzz_targets.hpp).
#include <algorithm>
#include <string>

#include "core/bounded_read.hpp"
#include "core/csv.hpp"
#include "core/errors.hpp"
#include "fuzz_targets.hpp"
#include "memory_file.hpp"

namespace attn_fuzz {

namespace {

void require(bool ok, const std::string& what) {
    if (!ok) throw PropertyViolated("bounded_read: " + what);
}

}  // namespace

int bounded_read(const std::uint8_t* data, std::size_t size) {
    if (size < 4) return 0;
    // The header: the limit (0..4096 bytes), the most a read call returns, and
    // the size the source claims, which may be a lie.
    const std::size_t limit = (data[0] | (static_cast<std::size_t>(data[1]) << 8)) % 4097;
    const std::size_t per_call = 1 + (data[2] & 0x7F);
    const bool endless = (data[2] & 0x80) != 0;  // after its bytes, the source repeats them for ever
    const std::string content(reinterpret_cast<const char*>(data) + 4, size - 4);
    const std::size_t claims[] = {0, content.size(), content.size() / 2, 2 * content.size() + 1, limit, limit + 1};
    const std::size_t hint = claims[data[3] % 6];
    const bool refuse_first_line = !content.empty() && content[0] == '!';

    std::size_t pulled = 0, at = 0;
    const attn::io::ReadSome source = [&](char* buf, std::size_t n) -> std::size_t {
        if (endless && at == content.size()) at = 0;
        const std::size_t got = std::min({n, per_call, content.size() - at});
        std::copy(content.begin() + static_cast<std::ptrdiff_t>(at), content.begin() + static_cast<std::ptrdiff_t>(at + got), buf);
        at += got;
        pulled += got;
        return got;
    };
    int checks = 0;
    std::string first_line;
    const attn::io::FirstLineCheck check = [&](const std::string& line, bool) {
        ++checks;
        first_line = line;
        if (refuse_first_line) throw attn::InputError("fuzz: the first line starts with '!'");
    };
    const attn::io::ReadLimit rules{limit, "the fuzz target's limit", "fuzz file"};
    const bool endless_for_real = endless && !content.empty();
    try {
        const std::string text = attn::io::read_bounded(source, hint, "fuzz", rules, check);
        // Accepted: all of it, within the limit, and no more memory than the limit.
        require(!endless_for_real, "a source that never ends was accepted");
        require(text == content, "the text read is not the source's bytes");
        require(text.size() <= limit, "accepted more bytes than the limit");
        require(text.capacity() <= std::max<std::size_t>(limit, 15), "kept more memory than the limit");
        require(hint <= limit, "accepted a source that claimed more than the limit");
        require(checks == 1, "the first line was not checked exactly once");
        require(first_line == content.substr(0, content.find('\n')), "the first line checked is not the first line");
    } catch (const attn::InputError& e) {
        const std::string msg = e.what();
        const bool too_large = msg.find("is larger than") != std::string::npos;
        require(too_large || refuse_first_line, "an unexpected refusal: " + msg);
        if (too_large)
            require(endless_for_real || content.size() > limit || hint > limit, "refused as too large within the limit");
    }
    // Never more than one byte past the limit is read, however long the source.
    require(pulled <= limit + 1, "read " + std::to_string(pulled) + " bytes for a limit of " + std::to_string(limit));

    // The same bytes as a real file, through the CSV reader with this limit:
    // an answer or one clear refusal (anything else escapes to the fuzzer).
    const MemoryFile file(content);
    try {
        const std::string text = attn::io::read_file(file.path(), "fuzz", rules);
        require(text == content && content.size() <= limit, "read_file did not return the file");
    } catch (const attn::InputError& e) {
        require(content.size() > limit, std::string("read_file refused a file within its limit: ") + e.what());
    }
    attn::csv::ReadOptions options;
    options.max_bytes = limit;
    try {
        const arma::mat M = attn::csv::read_matrix(file.path(), options);
        require(content.size() <= limit && M.n_elem > 0, "read_matrix accepted an empty or too large file");
    } catch (const attn::InputError&) {
    }
    return 0;
}

}  // namespace attn_fuzz
