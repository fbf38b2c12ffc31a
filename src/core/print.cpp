#include "core/print.hpp"
#include "core/shape.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>

namespace attn {

std::string format_number(double x, int decimals) {
    if (std::isnan(x)) return "nan";
    if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
    char buf[64];
    // From 1e15 on, fixed notation is a wall of digits (1e308 would need 309 of
    // them and not fit the buffer): such numbers are shown as 1.00e+300.
    if (std::abs(x) >= 1e15)
        std::snprintf(buf, sizeof buf, "%.*e", decimals, x);
    else
        std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
    std::string s = buf;
    // "-0.00" would suggest a sign the value does not really have.
    if (s[0] == '-' && s.find_first_not_of("-0.") == std::string::npos) s.erase(0, 1);
    return s;
}

std::string format_row(const arma::rowvec& v, int decimals) {
    std::string s = "[";
    for (arma::uword i = 0; i < v.n_elem; ++i) {
        if (i) s += ", ";
        s += format_number(v(i), decimals);
    }
    return s + "]";
}

void print_matrix(std::ostream& out, const std::string& label, const arma::mat& M,
                  const PrintOptions& options) {
    out << label << " (" << shape_of(M) << ")\n";
    // pass 1: format every cell, so column widths fit the widest entry
    std::vector<std::vector<std::string>> cells(M.n_rows, std::vector<std::string>(M.n_cols));
    std::size_t width = 0;
    for (arma::uword r = 0; r < M.n_rows; ++r)
        for (arma::uword c = 0; c < M.n_cols; ++c) {
            cells[r][c] = format_number(M(r, c), options.decimals);
            width = std::max(width, cells[r][c].size());
        }
    for (const auto& l : options.col_labels) width = std::max(width, l.size());
    std::size_t label_width = 0;
    for (const auto& l : options.row_labels) label_width = std::max(label_width, l.size());

    auto pad_left = [](const std::string& s, std::size_t w) {
        return std::string(w > s.size() ? w - s.size() : 0, ' ') + s;
    };
    auto pad_right = [](const std::string& s, std::size_t w) {
        return s + std::string(w > s.size() ? w - s.size() : 0, ' ');
    };
    const std::string indent = "  ";
    // pass 2: optional header of column labels, then the rows
    if (!options.col_labels.empty()) {
        out << indent << std::string(label_width ? label_width + 1 : 0, ' ');
        for (arma::uword c = 0; c < M.n_cols; ++c)
            out << ' ' << pad_left(c < options.col_labels.size() ? options.col_labels[c] : "", width);
        out << '\n';
    }
    for (arma::uword r = 0; r < M.n_rows; ++r) {
        out << indent;
        if (label_width)
            out << pad_right(r < options.row_labels.size() ? options.row_labels[r] : "", label_width) << ' ';
        for (arma::uword c = 0; c < M.n_cols; ++c) out << ' ' << pad_left(cells[r][c], width);
        out << '\n';
    }
}

void print_step(std::ostream& out, int number, const std::string& title) {
    out << "\n--- " << number << ". " << title << " ---\n";
}

}  // namespace attn
