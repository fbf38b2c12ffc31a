// csv.hpp: plain CSV matrices in and out, for the `attend` tool.
//
// One matrix row per line, cells separated by commas, spaces around a cell
// ignored. Blank lines and lines starting with '#' are skipped, and so is a
// UTF-8 byte-order mark at the start. A cell is a number as C++ reads it: 1,
// -0.5, 2e-3, and also nan / inf / -inf (which the caller may then refuse); a
// number beyond the doubles (1e999) is "out of range for a double". Positions
// in messages are 1-based, as an editor shows them:
// "K.csv: line 3, column 2: 'abc' is not a number".
#pragma once

#include <armadillo>
#include <string>

namespace attn::csv {

// 64 MiB: about 3 million numbers as people write them, far more than a
// matrix worth printing or looking at.
constexpr std::size_t kMaxFileBytes = 64u << 20;

struct ReadOptions {
    // Masks are written with -inf; every other input must be finite.
    bool allow_minus_inf = false;
    bool allow_non_finite = false;  // take nan / inf / -inf as they are (no check at all)
    // read_matrix refuses a larger file before reading it, saying why.
    std::size_t max_bytes = kMaxFileBytes;
    std::string purpose = "attend is for small matrices";
};

// Reads a whole file, through io::read_file (attn/bounded_read.hpp). Throws
// InputError naming the file (and the line and column when there is one) for:
// a missing or unreadable file, what is not a regular file (a directory, a
// device, a FIFO, a link to one), a file larger than options.max_bytes, a
// file with no numbers, a row with more or fewer cells than the first row, an
// empty or non-numeric cell, and a non-finite cell that `options` does not
// allow. The first row is checked before the rest of the file is read.
arma::mat read_matrix(const std::string& path, const ReadOptions& options = {});

// The same, from text already in memory; `source` names it in messages.
arma::mat parse_matrix(const std::string& text, const std::string& source, const ReadOptions& options = {});

// Writes M with 17 significant digits (enough to read back the same double),
// through a temporary file in the same directory that is then renamed, so a
// reader never sees half a file. Throws std::runtime_error when it cannot write.
void write_matrix(const std::string& path, const arma::mat& M);

}  // namespace attn::csv
