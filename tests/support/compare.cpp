// compare.cpp: agree() and the description of where two matrices differ.
#include "support/compare.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace attn_test {

bool agree(double got, double want, double tol) {
    if (std::isnan(got) || std::isnan(want)) return std::isnan(got) && std::isnan(want);
    if (std::isinf(got) || std::isinf(want)) return got == want;
    return std::abs(got - want) <= tol * std::max(1.0, std::abs(want));
}

bool agree(const arma::mat& got, const arma::mat& want, double tol) {
    if (got.n_rows != want.n_rows || got.n_cols != want.n_cols) return false;
    for (arma::uword k = 0; k < got.n_elem; ++k)
        if (!agree(got(k), want(k), tol)) return false;
    return true;
}

Axes axes(std::string rows, std::string cols) {
    Axes a;
    a.rows = std::move(rows);
    a.cols = std::move(cols);
    return a;
}

Axes entries(std::string cols) {
    Axes a;
    a.rows = "";
    a.cols = std::move(cols);
    return a;
}

Axes counted() {
    Axes a = entries("value");
    a.count = true;
    return a;
}

std::string show(double x) {
    if (std::isnan(x)) return "NaN";
    if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", x);
    return buf;
}

namespace {

// Two numbers with as many digits as it takes to see that they differ (6 at least).
std::pair<std::string, std::string> shown_apart(double a, double b) {
    for (int digits = 6; digits <= 17; ++digits) {
        char x[40], y[40];
        std::snprintf(x, sizeof x, "%.*g", digits, a);
        std::snprintf(y, sizeof y, "%.*g", digits, b);
        if (std::string(x) != y || digits == 17 || !std::isfinite(a) || !std::isfinite(b))
            return {std::isfinite(a) ? x : show(a), std::isfinite(b) ? y : show(b)};
    }
    return {show(a), show(b)};
}

std::string shape(arma::uword r, arma::uword c) { return std::to_string(r) + "x" + std::to_string(c); }

}  // namespace

std::string plural(const std::string& word) {
    if (word.empty()) return word;
    if (word.back() == 'y' && word.size() > 1 && std::string("aeiou").find(word[word.size() - 2]) == std::string::npos)
        return word.substr(0, word.size() - 1) + "ies";
    return word + "s";
}

std::string which(const std::string& prep, const std::string& word, const std::vector<arma::uword>& set, arma::uword n,
                  arma::uword from) {
    const std::string many = plural(word);
    auto no = [from](arma::uword k) { return std::to_string(k + from); };  // as the input numbers them
    if (set.size() == 1) {
        if (set[0] == n - 1 && n > 2) return prep + " the last " + word + " only (" + word + " " + no(set[0]) + ")";
        return prep + " " + word + " " + no(set[0]) + " only";
    }
    const bool contiguous = set.back() - set.front() + 1 == set.size();
    if (contiguous && set.back() == n - 1) return "from " + word + " " + no(set.front()) + " on";
    if (contiguous) return prep + " " + many + " " + no(set.front()) + " to " + no(set.back());
    std::string out = prep + " " + many + " ";
    for (std::size_t i = 0; i < set.size() && i < 8; ++i)
        out += (i == 0 ? "" : i + 1 == set.size() ? " and " : ", ") + no(set[i]);
    if (set.size() > 8) out += " and " + std::to_string(set.size() - 8) + " more";
    return out;
}

namespace {

// What follows which(...) for the entries that are right: the ones before a wrong stretch
// that runs to the end by number ("(feature 0 is right)"), else `others`.
std::string right_elsewhere(const std::string& word, const std::vector<arma::uword>& set, arma::uword n,
                            const std::string& others, arma::uword from = 0) {
    const bool to_the_end = set.size() > 1 && set.back() - set.front() + 1 == set.size() && set.back() == n - 1;
    if (!to_the_end || set.front() == 0) return others;
    auto no = [from](arma::uword k) { return std::to_string(k + from); };
    if (set.front() == 1) return " (" + word + " " + no(0) + " is right)";
    return " (" + plural(word) + " " + no(0) + " to " + no(set.front() - 1) + " are right)";
}

std::string sequence_difference(const std::string& name, const arma::mat& got, const arma::mat& want) {
    auto list = [](const arma::mat& t, arma::uword from, arma::uword to) {
        std::string s = "{";
        for (arma::uword k = from; k < to; ++k) s += (k == from ? "" : ", ") + show(t(k));
        return s + "}";
    };
    const arma::uword n = got.n_elem, m = want.n_elem;
    arma::uword k = 0;
    while (k < n && k < m && got(k) == want(k)) ++k;
    std::ostringstream s;
    s << name << " is " << list(got, 0, n) << "; the right one is " << list(want, 0, m) << ": ";
    if (k == m && n > m)
        s << "yours has " << (n - m) << " token" << (n - m == 1 ? "" : "s") << " too many at the end, "
          << list(got, m, n);
    else if (k == n && m > n)
        s << "yours stops " << (m - n) << " token" << (m - n == 1 ? "" : "s") << " early, before " << list(want, n, m);
    else
        s << "the first token that differs is at position " << k << " (counting from 0): expected " << show(want(k))
          << ", got " << show(got(k));
    return s.str();
}

// Two numbers as a range, "0.54 to 0.82" (one number when they round alike).
std::string range(double lo, double hi) {
    char a[32], b[32];
    std::snprintf(a, sizeof a, "%.3g", lo);
    std::snprintf(b, sizeof b, "%.3g", hi);
    return std::string(a) == b ? a : std::string(a) + " to " + b;
}

// What the learner's numbers at the wrong entries have in common with the right ones,
// as facts a learner can reason from: their signs, their size as a ratio, their order
// ("the same order" is said only from 6 entries on, where an order kept by chance is
// unlikely: 1 in 720). "" when there is nothing to say (fewer than 3 finite pairs).
std::string pattern_of_values(const arma::mat& got, const arma::mat& want, const arma::umat& wrong) {
    std::vector<std::pair<double, double>> pairs;  // (want, got)
    double scale = 0;
    for (arma::uword k = 0; k < want.n_elem; ++k)
        if (wrong(k) && std::isfinite(got(k)) && std::isfinite(want(k))) {
            pairs.emplace_back(want(k), got(k));
            scale = std::max(scale, std::abs(want(k)));
        }
    if (pairs.size() < 3 || scale == 0) return "";
    std::size_t signed_pairs = 0, same = 0, opposite = 0;
    double lo = INFINITY, hi = 0;  // |got| / |want|
    for (const auto& [w, g] : pairs) {
        if (std::abs(w) <= 1e-9 * scale) continue;
        ++signed_pairs;
        if ((g > 0 && w > 0) || (g < 0 && w < 0)) ++same;
        if ((g > 0 && w < 0) || (g < 0 && w > 0)) ++opposite;
        lo = std::min(lo, std::abs(g / w));
        hi = std::max(hi, std::abs(g / w));
    }
    std::vector<std::string> facts;  // each said of "your wrong entries"
    if (signed_pairs >= 3 && same == signed_pairs) facts.push_back("have the right signs");
    else if (signed_pairs >= 3 && opposite == signed_pairs) facts.push_back("all have the wrong sign");
    else if (signed_pairs >= 3 && opposite > 0)
        facts.push_back("have the wrong sign at " + std::to_string(opposite) + " of " + std::to_string(signed_pairs));
    if (pairs.size() >= 6) {
        auto sorted = pairs;
        std::sort(sorted.begin(), sorted.end());
        bool rising = true, falling = true, distinct = true;
        for (std::size_t i = 1; i < sorted.size(); ++i) {
            if (sorted[i].first == sorted[i - 1].first) distinct = false;
            rising = rising && sorted[i].second > sorted[i - 1].second;
            falling = falling && sorted[i].second < sorted[i - 1].second;
        }
        if (distinct && rising) facts.push_back("keep the order of the right ones (larger where the right value is larger)");
        else if (distinct && falling) facts.push_back("run in the reverse order of the right ones");
    }
    // (a size within 2 % of the right one is a matter of rounding, not of size)
    if (signed_pairs >= 3 && same == signed_pairs && hi <= 0.98)
        facts.push_back("are all smaller: " + range(lo, hi) + " times the right size");
    else if (signed_pairs >= 3 && same == signed_pairs && lo >= 1.02)
        facts.push_back("are all larger: " + range(lo, hi) + " times the right size");
    if (facts.empty()) return "";
    std::string s = "; your wrong entries ";
    for (std::size_t i = 0; i < facts.size(); ++i)
        s += (i == 0 ? "" : i + 1 == facts.size() ? " and " : ", ") + facts[i];
    return s;
}

// Rows (or, with `by_rows` false, columns) that are probabilities: entries at least 0
// summing to 1.
bool sums_to_one(const arma::mat& m, bool by_rows) {
    if (m.n_elem == 0 || !m.is_finite() || m.min() < 0) return false;
    const arma::mat sums = by_rows ? arma::mat(arma::sum(m, 1)) : arma::mat(arma::sum(m, 0));
    return arma::abs(sums - 1.0).max() <= 1e-9;
}

// Where the right rows are probabilities (each sums to 1): whether the learner's do,
// and if not what they sum to; the columns summing to 1 instead are said so.
std::string row_sums(const arma::mat& got, const arma::mat& want, const Axes& ax) {
    if (want.n_cols < 2 || !sums_to_one(want, true) || !got.is_finite()) return "";
    const bool one_row = want.n_rows == 1;
    const std::string row = ax.rows.empty() ? "row" : ax.rows;
    if (sums_to_one(got, true))
        return one_row ? "; yours still sum to 1, as the right ones do"
                       : "; yours still sum to 1 for each " + row + ", as the right ones do";
    if (!one_row && want.n_rows > 1 && sums_to_one(got, false))
        return "; yours sum to 1 down each column, where they should sum to 1 for each " + row +
               " (summed along the other axis)";
    const arma::vec sums = arma::sum(got, 1);
    return one_row ? "; the right entries sum to 1, yours to " + show(sums(0))
                   : "; the right ones sum to 1 for each " + row + ", yours to " + range(sums.min(), sums.max());
}

}  // namespace

std::string where(const Axes& ax, arma::uword row, arma::uword col) {
    std::string s;
    if (!ax.rows.empty()) s = ax.rows + " " + std::to_string(row) + ", ";
    s += ax.cols + " " + std::to_string(col + ax.cols_from);
    if (ax.block > 0 && !ax.block_name.empty()) s += " (" + ax.block_name + " " + std::to_string(col / ax.block) + ")";
    return s;
}

std::string describe_difference(const std::string& name, const arma::mat& got, const arma::mat& want, const Axes& ax,
                                double tol, const std::vector<Region>& regions) {
    if (agree(got, want, tol)) return "";
    if (ax.sequence) return sequence_difference(name, got, want);
    if (got.n_elem == 1 && want.n_elem == 1) {
        const auto [g, w] = shown_apart(got(0), want(0));
        std::string ratio;  // one number: its size against the right one's
        if (!ax.count && std::isfinite(got(0)) && std::isfinite(want(0)) && want(0) != 0 && got(0) != 0) {
            const double r = got(0) / want(0);
            if (r < 0) ratio = " (the opposite sign)";
            else if (std::abs(r - 1) >= 0.01) ratio = " (" + range(r, r) + " times the right value)";
        }
        return name + " is " + g + "; it should be " + w + ratio;
    }
    std::ostringstream s;
    if (got.n_rows != want.n_rows || got.n_cols != want.n_cols) {
        s << name << " is " << shape(got.n_rows, got.n_cols) << "; it should be " << shape(want.n_rows, want.n_cols);
        if (!ax.rows.empty()) s << " (one row per " << ax.rows << ", one column per " << ax.cols << ")";
        return s.str();
    }
    const arma::uword R = want.n_rows, C = want.n_cols;
    arma::umat wrong(R, C, arma::fill::zeros);
    std::vector<arma::uword> rows, cols;
    arma::uword first_r = R, first_c = C, count = 0;
    for (arma::uword r = 0; r < R; ++r)
        for (arma::uword c = 0; c < C; ++c)
            if (!agree(got(r, c), want(r, c), tol)) {
                wrong(r, c) = 1;
                ++count;
                if (first_r == R) first_r = r, first_c = c;
            }
    for (arma::uword r = 0; r < R; ++r)
        if (arma::any(wrong.row(r))) rows.push_back(r);
    for (arma::uword c = 0; c < C; ++c)
        if (arma::any(wrong.col(c))) cols.push_back(c);

    s << name << ": wrong ";
    bool said = false;
    for (const Region& g : regions)
        if (g.part == name && g.where.n_rows == R && g.where.n_cols == C && arma::all(arma::vectorise(g.where == wrong))) {
            s << "exactly at " << g.name << " and right everywhere else";
            said = true;
            break;
        }
    if (!said) {
        if (count == R * C) {
            s << "everywhere";
        } else if (rows.size() == R && cols.size() < C) {
            // whole blocks of columns (heads)?
            bool whole_blocks = ax.block > 0 && C % ax.block == 0;
            std::vector<arma::uword> blocks;
            for (arma::uword c : cols)
                if (whole_blocks && (blocks.empty() || blocks.back() != c / ax.block)) blocks.push_back(c / ax.block);
            if (whole_blocks)
                for (arma::uword b : blocks) whole_blocks = whole_blocks && arma::all(arma::vectorise(
                                                                 wrong.cols(b * ax.block, (b + 1) * ax.block - 1)));
            if (whole_blocks)
                s << which("in the columns of", ax.block_name, blocks, C / ax.block) << " and right in the others";
            else
                s << which("in", ax.cols, cols, C, ax.cols_from)
                  << right_elsewhere(ax.cols, cols, C, " and right in the others", ax.cols_from);
        } else if (cols.size() == C && rows.size() < R && !ax.rows.empty()) {
            s << which("for", ax.rows, rows, R) << right_elsewhere(ax.rows, rows, R, " and right for the others");
        } else if (R == 1) {
            s << which("at", ax.cols, cols, C, ax.cols_from) << " and right at the others";
        } else {
            s << "at " << count << " of its " << R * C << " entries, " << which("for", ax.rows.empty() ? "row" : ax.rows, rows, R);
        }
    }
    const auto [w, g] = shown_apart(want(first_r, first_c), got(first_r, first_c));
    s << "; the first wrong entry is " << where(ax, first_r, first_c)
      << (ax.cols_from == 0 || !ax.rows.empty() ? " (counting from 0)" : "") << ": expected " << w
      << ", got " << g;
    if (!ax.count) s << pattern_of_values(got, want, wrong) << row_sums(got, want, ax);
    return s.str();
}

boost::test_tools::predicate_result matrices_close(const arma::mat& actual, const arma::mat& expected, double tol,
                                                   const std::string& what, const Axes& ax) {
    const std::string d = describe_difference(what, actual, expected, ax, tol);
    boost::test_tools::predicate_result res(d.empty());
    if (!d.empty()) res.message() << d << " (tolerance " << tol << ")";
    return res;
}

}  // namespace attn_test
