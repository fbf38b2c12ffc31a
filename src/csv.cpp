#include "attn/csv.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "attn/errors.hpp"

namespace attn::csv {

namespace {

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    const auto e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
}

[[noreturn]] void fail_at(const std::string& source, std::size_t line, std::size_t column, const std::string& what) {
    throw InputError(source + ": line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + what);
}

// "1.5" -> 1.5; anything strtod does not consume completely is not a number.
bool to_number(const std::string& cell, double& x) {
    if (cell.empty()) return false;
    char* end = nullptr;
    errno = 0;
    x = std::strtod(cell.c_str(), &end);
    // Overflow (1e999) comes back as +-HUGE_VAL with ERANGE: an infinity the
    // user did not write, so it is refused like any other bad cell.
    if (errno == ERANGE && std::isinf(x)) return false;
    return end == cell.c_str() + cell.size();
}

}  // namespace

arma::mat parse_matrix(const std::string& text, const std::string& source, const ReadOptions& options) {
    std::vector<std::vector<double>> rows;
    std::size_t first_line = 0;  // where the first row was, for the ragged-row message
    std::istringstream in(text);
    std::string line;
    for (std::size_t lineno = 1; std::getline(in, line); ++lineno) {
        const std::string t = trim(line);
        if (t.empty() || t[0] == '#') continue;
        std::vector<double> row;
        std::size_t start = 0;
        for (std::size_t col = 1;; ++col) {
            const auto comma = t.find(',', start);
            const std::string cell = trim(t.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
            double x = 0;
            if (cell.empty()) fail_at(source, lineno, col, "empty cell (two commas in a row, or a trailing comma?)");
            if (!to_number(cell, x)) fail_at(source, lineno, col, "'" + cell + "' is not a number");
            if (!options.allow_non_finite && !std::isfinite(x) && !(options.allow_minus_inf && std::isinf(x) && x < 0))
                fail_at(source, lineno, col,
                        std::string(std::isnan(x) ? "NaN" : (x > 0 ? "+infinity" : "-infinity")) +
                            " is not allowed here; every entry must be a finite number");
            row.push_back(x);
            if (comma == std::string::npos) break;
            start = comma + 1;
        }
        if (rows.empty()) {
            first_line = lineno;
        } else if (row.size() != rows.front().size()) {
            const std::size_t want = rows.front().size();
            const std::string msg = "this row has " + std::to_string(row.size()) + " values, but the first row (line " +
                                    std::to_string(first_line) + ") has " + std::to_string(want);
            // point at the first missing cell, or the first extra one
            fail_at(source, lineno, std::min(row.size(), want) + 1, msg);
        }
        rows.push_back(std::move(row));
    }
    if (rows.empty())
        throw InputError(source + ": no numbers in the file; a matrix needs at least one row and one column");
    arma::mat M(rows.size(), rows.front().size());
    for (arma::uword r = 0; r < M.n_rows; ++r)
        for (arma::uword c = 0; c < M.n_cols; ++c) M(r, c) = rows[r][c];
    return M;
}

arma::mat read_matrix(const std::string& path, const ReadOptions& options) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw InputError(path + ": is a directory, not a CSV file");
    std::ifstream f(path, std::ios::binary);
    if (!f) throw InputError(path + ": cannot open (" + std::strerror(errno) + ")");
    std::ostringstream text;
    text << f.rdbuf();
    return parse_matrix(text.str(), path, options);
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
