#include "core/csv.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include "core/bounded_read.hpp"
#include "core/errors.hpp"
#include "core/text.hpp"

namespace attn::csv {

namespace {

using text::trim;

[[noreturn]] void fail_at(const std::string& source, std::size_t line, std::size_t column, const std::string& what) {
    throw InputError(source + ": line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + what);
}

// How many bytes the UTF-8 character at s[i] takes; 0 when it is not one.
std::size_t utf8_length(const std::string& s, std::size_t i) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t n = c < 0x80 ? 1 : (c >= 0xC2 && c <= 0xDF) ? 2 : (c >= 0xE0 && c <= 0xEF) ? 3
                                                           : (c >= 0xF0 && c <= 0xF4) ? 4 : 0;
    if (n == 0 || i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
    return n;
}

// A cell as the learner wrote it, for a message: at most 24 characters, with
// control bytes and bytes that are not UTF-8 text (a binary file's) as \xNN.
std::string quoted(const std::string& cell) {
    constexpr std::size_t kShown = 24;
    std::string out = "'";
    std::size_t i = 0;
    for (std::size_t shown = 0; i < cell.size() && shown < kShown; ++shown) {
        const auto c = static_cast<unsigned char>(cell[i]);
        const std::size_t n = utf8_length(cell, i);
        if (n == 0 || c < 0x20 || c == 0x7F) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02X", c);
            out += hex;
            ++i;
        } else {
            out += cell.substr(i, n);
            i += n;
        }
    }
    return out + (i < cell.size() ? "...'" : "'");
}

enum class Cell { number, not_a_number, out_of_range };

// "1.5" -> 1.5; anything strtod does not consume completely is not a number.
Cell to_number(const std::string& cell, double& x) {
    if (cell.empty()) return Cell::not_a_number;
    char* end = nullptr;
    errno = 0;
    x = std::strtod(cell.c_str(), &end);
    if (end != cell.c_str() + cell.size()) return Cell::not_a_number;
    // Overflow (1e999) comes back as +-HUGE_VAL with ERANGE: an infinity the
    // learner did not write. (Underflow, 1e-999, is the nearest double: 0.)
    if (errno == ERANGE && std::isinf(x)) return Cell::out_of_range;
    return Cell::number;
}

// One line's cells (`t` is the trimmed line, `lineno` 1-based).
std::vector<double> parse_row(const std::string& t, const std::string& source, std::size_t lineno,
                              const ReadOptions& options) {
    std::vector<double> row;
    std::size_t start = 0;
    for (std::size_t col = 1;; ++col) {
        const auto comma = t.find(',', start);
        const std::string cell = trim(t.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        double x = 0;
        if (cell.empty()) fail_at(source, lineno, col, "empty cell (two commas in a row, or a trailing comma?)");
        switch (to_number(cell, x)) {
            case Cell::not_a_number: fail_at(source, lineno, col, quoted(cell) + " is not a number");
            case Cell::out_of_range:
                fail_at(source, lineno, col, quoted(cell) + " is out of range for a double (at most about 1.8e308)");
            case Cell::number: break;
        }
        if (!options.allow_non_finite && !std::isfinite(x) && !(options.allow_minus_inf && std::isinf(x) && x < 0)) {
            const std::string what = std::isnan(x) ? "NaN" : (x > 0 ? "+infinity" : "-infinity");
            // A mask may hold -inf ("never look here"): say so, not "must be finite".
            fail_at(source, lineno, col,
                    options.allow_minus_inf
                        ? what + " is not allowed in a mask; every entry must be a finite number or -inf"
                        : what + " is not allowed here; every entry must be a finite number");
        }
        row.push_back(x);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return row;
}

// A UTF-8 byte-order mark, which some editors put at the start of a file.
constexpr const char* kBom = "\xEF\xBB\xBF";

}  // namespace

arma::mat parse_matrix(const std::string& text, const std::string& source, const ReadOptions& options) {
    // The numbers row after row in one block: a cell takes at least two bytes
    // ("0,"), so this never needs more than 4 bytes of memory per byte of text
    // (reserved, not touched, until numbers fill it), whatever the shape.
    std::vector<double> values;
    values.reserve(text.size() / 2 + 1);
    std::size_t n_rows = 0, n_cols = 0;
    std::size_t first_line = 0;  // where the first row was, for the ragged-row message
    std::size_t at = text.rfind(kBom, 0) == 0 ? 3 : 0;
    for (std::size_t lineno = 1; at < text.size(); ++lineno) {
        const std::size_t nl = std::min(text.find('\n', at), text.size());
        const std::string t = trim(text.substr(at, nl - at));
        at = nl + 1;
        if (t.empty() || t[0] == '#') continue;
        const std::vector<double> row = parse_row(t, source, lineno, options);
        if (n_rows == 0) {
            first_line = lineno;
            n_cols = row.size();
        } else if (row.size() != n_cols) {
            const std::string msg = "this row has " + std::to_string(row.size()) + " values, but the first row (line " +
                                    std::to_string(first_line) + ") has " + std::to_string(n_cols);
            // point at the first missing cell, or the first extra one
            fail_at(source, lineno, std::min(row.size(), n_cols) + 1, msg);
        }
        values.insert(values.end(), row.begin(), row.end());
        ++n_rows;
    }
    if (n_rows == 0)
        throw InputError(source + ": no numbers in the file; a matrix needs at least one row and one column");
    arma::mat M(n_rows, n_cols);
    for (arma::uword r = 0; r < M.n_rows; ++r)
        for (arma::uword c = 0; c < M.n_cols; ++c) M(r, c) = values[r * n_cols + c];
    return M;
}

arma::mat read_matrix(const std::string& path, const ReadOptions& options) {
    io::ReadLimit limit;
    limit.max_bytes = options.max_bytes;
    limit.purpose = options.purpose;
    limit.kind = "CSV file";
    // The first row is parsed as soon as it is read: a file that is not CSV
    // (a binary file, an image) is refused before the rest of it is read.
    const auto first_row = [&](const std::string& line, bool complete) {
        std::string t = trim(line.rfind(kBom, 0) == 0 ? line.substr(3) : line);
        if (t.empty() || t[0] == '#') return;
        if (!complete) {
            const auto last_comma = t.rfind(',');  // the cell after it may go on past what was read
            if (last_comma == std::string::npos) return;
            t = trim(t.substr(0, last_comma));
            if (t.empty()) return;
        }
        parse_row(t, path, 1, options);
    };
    return parse_matrix(io::read_file(path, path, limit, first_row), path, options);
}

void write_matrix(const std::string& path, const arma::mat& M) {
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::trunc);
        if (!out) throw std::runtime_error("cannot write " + tmp + " (" + std::strerror(errno) + ")");
        for (arma::uword r = 0; r < M.n_rows; ++r) {
            for (arma::uword c = 0; c < M.n_cols; ++c) {
                char buf[40];
                // %.17g round-trips every double; inf and nan print as inf / nan
                std::snprintf(buf, sizeof buf, "%.17g", M(r, c));
                out << (c ? "," : "") << buf;
            }
            out << '\n';
        }
        out.flush();
        if (!out) throw std::runtime_error("cannot write " + tmp + " (disk full?)");
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
        std::remove(tmp.c_str());
        throw std::runtime_error("cannot write " + path + ": " + ec.message());
    }
}

}  // namespace attn::csv
