// relations.cpp: the relations of relations.hpp.
#include "support/relations.hpp"

#include "support/families.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <regex>
#include <set>

namespace attn_test {

namespace m = mistakes;

namespace {

// Why a result holds inf or NaN where the right one is finite, and the fixes.
constexpr const char* kNotFiniteWhy =
    ": an exp that overflowed, a log of 0, a division by 0, or an unsigned size (arma::uword) negated or taken below "
    "0, which wraps round to a huge number (before an exp, subtract the largest value, as a stable softmax does; a "
    "denominator that can be 0 needs a case of its own; turn a size into double before a minus sign)";
// Why a sequence holds only a stretch of the right tokens, and the fix.
constexpr const char* kCutShortWhy =
    ": a buffer of fixed size that the input outgrew (a std::array, a C array, a capacity written as a number) or a "
    "loop whose bound is a constant; size what you build by the input (push_back, or a vector made with the input's "
    "size)";
// The explanations said once in a message whose parts share them.
constexpr const char* kSharedWhys[] = {kNotFiniteWhy, kCutShortWhy};

std::string shape(const arma::mat& x) { return std::to_string(x.n_rows) + "x" + std::to_string(x.n_cols); }

// "rows", "queries", "keys"
std::string plural_of(const std::string& word) {
    if (word.size() > 1 && word.back() == 'y' && std::string("aeiou").find(word[word.size() - 2]) == std::string::npos)
        return word.substr(0, word.size() - 1) + "ies";
    return word + "s";
}

// The largest size of M's finite entries (0 when it has none).
double finite_max(const arma::mat& M) {
    double top = 0;
    for (const double x : M)
        if (std::isfinite(x)) top = std::max(top, std::abs(x));
    return top;
}

// Not (nearly) all zero: a relation with a factor means something only then.
bool has_values(const arma::mat& y) { return y.n_elem > 0 && arma::abs(y).max() > 1e-12; }

struct Expr {
    std::string name;
    double value;
};

std::vector<Expr> expressions(const std::vector<Quantity>& qs) {
    // factors that are no size: a 2 too many or too few (or under a root), a logarithm in another base
    std::vector<Expr> out = {{"2", 2.0},
                             {"1 / 2", 0.5},
                             {"sqrt(2)", std::sqrt(2.0)},
                             {"1 / sqrt(2)", 1.0 / std::sqrt(2.0)},
                             {"ln(10)", std::log(10.0)},
                             {"1 / ln(10)", 1.0 / std::log(10.0)},
                             {"ln(2)", std::log(2.0)},
                             {"1 / ln(2)", 1.0 / std::log(2.0)}};
    for (const auto& q : qs) {
        if (!(q.value > 0) || !std::isfinite(q.value)) continue;
        const std::string& n = q.name;
        out.push_back({n, q.value});
        out.push_back({"1 / " + n, 1.0 / q.value});
        out.push_back({"sqrt(" + n + ")", std::sqrt(q.value)});
        out.push_back({"1 / sqrt(" + n + ")", 1.0 / std::sqrt(q.value)});
        out.push_back({n + "^2", q.value * q.value});
        out.push_back({"1 / " + n + "^2", 1.0 / (q.value * q.value)});
        // a square root taken twice, and the n - 1 of a sample variance
        out.push_back({n + "^(1/4)", std::sqrt(std::sqrt(q.value))});
        out.push_back({"1 / " + n + "^(1/4)", 1.0 / std::sqrt(std::sqrt(q.value))});
        if (q.value > 1) {
            out.push_back({"sqrt(" + n + " - 1)", std::sqrt(q.value - 1)});
            out.push_back({"1 / sqrt(" + n + " - 1)", 1.0 / std::sqrt(q.value - 1)});
            out.push_back({"sqrt(" + n + " / (" + n + " - 1))", std::sqrt(q.value / (q.value - 1))});
            out.push_back({"sqrt((" + n + " - 1) / " + n + ")", std::sqrt((q.value - 1) / q.value)});
            out.push_back({n + " / (" + n + " - 1)", q.value / (q.value - 1)});
            out.push_back({"(" + n + " - 1) / " + n, (q.value - 1) / q.value});
        }
    }
    for (const auto& a : qs)
        for (const auto& b : qs) {
            if (&a == &b || !(a.value > 0) || !(b.value > 0)) continue;
            out.push_back({a.name + " / " + b.name, a.value / b.value});
            out.push_back({"sqrt(" + a.name + " / " + b.name + ")", std::sqrt(a.value / b.value)});
            if (&a < &b) {  // a product of two sizes (K.n_elem = L_K d_k), once per pair
                const double ab = a.value * b.value;
                out.push_back({a.name + " " + b.name, ab});
                out.push_back({"1 / (" + a.name + " " + b.name + ")", 1.0 / ab});
                out.push_back({"sqrt(" + a.name + " " + b.name + ")", std::sqrt(ab)});
                out.push_back({"1 / sqrt(" + a.name + " " + b.name + ")", 1.0 / std::sqrt(ab)});
            }
        }
    return out;
}

std::string number(double c) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", c);
    return buf;
}

// The least-squares factor c of got ~ c want, over the entries where want is finite.
double factor(const arma::mat& got, const arma::mat& want) {
    double gy = 0, yy = 0;
    for (arma::uword k = 0; k < want.n_elem; ++k)
        if (std::isfinite(want(k)) && std::isfinite(got(k))) gy += got(k) * want(k), yy += want(k) * want(k);
    return yy > 0 ? gy / yy : 0.0;
}

// got agrees with f(want) entry by entry (non-finite entries of want must be equal).
template <class F>
bool agrees_with(const arma::mat& got, const arma::mat& want, double tol, F f) {
    for (arma::uword k = 0; k < want.n_elem; ++k) {
        const double y = want(k);
        if (!std::isfinite(y)) {
            if (!agree(got(k), y, tol)) return false;
        } else if (!agree(got(k), f(y, k), tol)) {
            return false;
        }
    }
    return true;
}

Finding found(const Mistake& mk, std::string key, std::string text) {
    Finding f;
    f.mistake = &mk;
    f.key = std::move(key);
    f.text = std::move(text);
    return f;
}

}  // namespace

std::vector<std::string> names_of_factor(double c, const std::vector<Quantity>& quantities) {
    std::set<std::string> names;
    for (const auto& e : expressions(quantities))
        if (agree(c, e.value, 1e-9)) names.insert(e.name);
    return {names.begin(), names.end()};
}

std::string name_of_factor(double c, const std::vector<Quantity>& quantities) {
    const auto names = names_of_factor(c, quantities);
    return names.size() == 1 ? names[0] : "";
}

std::string inverse_name(const std::string& q, double c, const std::vector<Quantity>& quantities) {
    // the inverse's names, and the one written as "1 / q" or q without its "1 / "
    const auto names = names_of_factor(1.0 / c, quantities);
    for (const auto& n : names)
        if (n == "1 / " + q || "1 / " + n == q) return n;
    return names.size() == 1 ? names[0] : "";
}

std::string scaled_sentence(const std::string& part, double c, const std::string& q, const std::string& inv) {
    std::string text = "every entry of " + part + " is " + (q.empty() ? number(c) : q + " = " + number(c)) +
                       " times the right value";
    if (q == "sqrt(2)" || q == "1 / sqrt(2)")  // no size of the problem: a 2 under a root
        return text + ": a 2 under a square root, sqrt(n / 2) or sqrt(2 n) where the formula has sqrt(n) (a size "
                      "halved or doubled before its root was taken)";
    if (!q.empty() && !inv.empty())
        return text + (std::abs(c) > 1 ? ": too large by a factor of " + q : ": too small by a factor of " + inv) +
               " (a factor used the wrong way round, left out, or applied twice)";
    return text + ": one factor of the formula is wrong (a division or multiplication missing, extra, or by the "
                  "wrong amount)";
}

namespace {

std::string token(double t) { return std::to_string(static_cast<long long>(t)); }

// Where a token stands, in every way that names it from one of the two ends' first two
// places ("first", "last", "second", "second to last"), or else from the front: the same
// words on sequences of other lengths are the same slip, and a token that is both (the
// last of two is also the second) is either.
std::vector<std::string> places_of(arma::uword k, arma::uword n) {
    std::vector<std::string> out;
    if (k == 0) out.push_back("first");
    if (k + 1 == n) out.push_back("last");
    if (k == 1) out.push_back("second");
    if (k + 2 == n) out.push_back("second to last");
    if (out.empty()) out.push_back("at position " + std::to_string(k) + " (counting from 0)");
    return out;
}
// "the last token", "the token at position 3 (counting from 0)"
std::string the_token(const std::string& place) {
    return place.rfind("at ", 0) == 0 ? "the token " + place : "the " + place + " token";
}

// A sequence one token short, one token long, with one token replaced, with zeros in front
// of the right tokens, or empty: the right tokens otherwise, each in its place.
std::vector<Finding> sequence_edits(const arma::mat& R, const arma::mat& Y, const std::string& name) {
    const arma::uword n = Y.n_elem, r = R.n_elem;
    std::vector<Finding> out;
    // b is a with the token at k taken out
    auto without = [](const arma::mat& a, const arma::mat& b, arma::uword k) {
        for (arma::uword i = 0, j = 0; i < a.n_elem; ++i) {
            if (i == k) continue;
            if (a(i) != b(j++)) return false;
        }
        return true;
    };
    if (r == 0 && n > 0)
        out.push_back(found(m::result_sequence_edited, "empty",
                            name + " came back empty where it holds " + std::to_string(n) +
                                " tokens: nothing was appended (a loop that stopped at once or never ran, or tokens written with [] into a "
                                "vector that reserve() gave room but no elements: push_back them, or make it with its "
                                "size)"));
    if (r > n) {
        bool zeros_first = true;
        for (arma::uword k = 0; k < r && zeros_first; ++k) zeros_first = k < r - n ? R(k) == 0 : R(k) == Y(k - (r - n));
        if (zeros_first)
            return {found(m::result_sequence_edited, "zeros_in_front",
                          name + " holds " + (r - n == 1 ? std::string("a zero") : std::to_string(r - n) + " zeros") +
                              " and then the right tokens: a vector made with a size (which fills it with zeros) and "
                              "then appended to with push_back; make it empty and reserve(), or write each token with "
                              "[] instead")};
    }
    // every place of every edit that gives R: where a token repeats, several places do
    if (r + 1 == n)
        for (arma::uword k = 0; k < n; ++k)
            if (without(Y, R, k))
                for (const std::string& place : places_of(k, n))
                    out.push_back(found(m::result_sequence_edited, "left_out:" + place,
                                        name + " lacks " + the_token(place) + " of the right ones, " + token(Y(k)) +
                                            ", and holds the others in order: a loop that started one late or stopped "
                                            "one early, or a push_back left out"));
    // two tokens or more missing, all from one stretch: the first a and the last r - a kept
    if (r >= 1 && r + 2 <= n) {
        arma::uword a = 0;
        while (a < r && R(a) == Y(a)) ++a;
        bool tail = true;
        for (arma::uword k = a; k < r && tail; ++k) tail = R(k) == Y(n - r + k);
        if (tail) {
            const std::string kept = a == r   ? "the first " + std::to_string(r) + " and stops there"
                                     : a == 0 ? "the last " + std::to_string(r)
                                              : "the first " + std::to_string(a) + " and the last " +
                                                    std::to_string(r - a) + ", and those between are missing";
            out.push_back(found(m::result_cut_short, "cut:" + std::to_string(a) + ":" + std::to_string(r - a),
                                name + " holds only " + std::to_string(r) + " of the " + std::to_string(n) +
                                    " right tokens, " + kept + kCutShortWhy));
        }
    }
    if (r == n + 1)
        for (arma::uword k = 0; k < r; ++k)
            if (without(R, Y, k))
                for (const std::string& place : places_of(k, r))
                    out.push_back(found(m::result_sequence_edited, "extra:" + place,
                                        name + " has one token too many, " + token(R(k)) + ", as " + the_token(place) +
                                            ", and the right ones around it in order: a push_back too many, or one onto "
                                            "the wrong vector"));
    if (r == n && n >= 1) {
        arma::uword differ = 0, at = 0;
        for (arma::uword k = 0; k < n; ++k)
            if (R(k) != Y(k)) ++differ, at = k;
        if (differ == 1)
            for (const std::string& place : places_of(at, n))
                out.push_back(found(m::result_sequence_edited, "replaced:" + place,
                                    name + " is right except " + the_token(place) + ": " + token(R(at)) + " where " +
                                        token(Y(at)) + " belongs (another token written there, or a place never written)"));
    }
    // one finding per key
    std::vector<Finding> once;
    for (const Finding& f : out)
        if (std::none_of(once.begin(), once.end(), [&](const Finding& g) { return g.key == f.key; })) once.push_back(f);
    return once;
}

// A sequence of tokens holding the right tokens in another order: reversed (all of it, or
// all but its first token), or turned round by one place (the last at the front, or the
// first at the end); else one token left out, added or replaced (sequence_edits).
std::vector<Finding> sequence_relations(const arma::mat& R, const arma::mat& Y, const std::string& name) {
    const arma::uword n = Y.n_elem;
    if (R.n_elem != n || n < 2) return sequence_edits(R, Y, name);
    auto holds = [&](const std::function<arma::uword(arma::uword)>& from) {
        for (arma::uword k = 0; k < n; ++k)
            if (R(k) != Y(from(k))) return false;
        return true;
    };
    const std::string tokens = name + " holds the right tokens ";
    if (n == 2 && holds([](arma::uword k) { return 1 - k; })) {  // two tokens swapped: each reading fits
        const std::string swapped = tokens + "the other way round, " + std::to_string(static_cast<long long>(Y(1))) +
                                    " before " + std::to_string(static_cast<long long>(Y(0)));
        return {found(m::result_reversed, "reversed", swapped), found(m::result_rotated, "last_first", swapped),
                found(m::result_rotated, "first_last", swapped)};
    }
    if (holds([&](arma::uword k) { return n - 1 - k; }))
        return {found(m::result_reversed, "reversed",
                      tokens + "in reverse order: a loop that runs backwards, or each token put in front of the ones "
                               "before it (insert at the front, where push_back belongs)")};
    if (n >= 3 && holds([&](arma::uword k) { return k == 0 ? 0 : n - k; }))
        return {found(m::result_reversed, "reversed_after_first",
                      tokens + "with the first in place and the rest in reverse order: each token inserted at the same "
                               "place, just after the first, where it belongs after the ones before it")};
    if (holds([&](arma::uword k) { return k == 0 ? n - 1 : k - 1; }))
        return {found(m::result_rotated, "last_first",
                      tokens + "turned round by one place: the last one, " + std::to_string(static_cast<long long>(Y(n - 1))) +
                          ", is at the front, where it belongs at the end (inserted at the front instead of appended)")};
    if (holds([&](arma::uword k) { return k + 1 == n ? 0 : k + 1; }))
        return {found(m::result_rotated, "first_last",
                      tokens + "turned round by one place: the first one, " + std::to_string(static_cast<long long>(Y(0))) +
                          ", is at the end, where it belongs at the front (appended instead of put first)")};
    return sequence_edits(R, Y, name);
}

// Every entry of R a whole number, where Y has entries that are not.
bool whole_numbers_only(const arma::mat& R, const arma::mat& Y) {
    bool fraction = false;
    for (arma::uword k = 0; k < R.n_elem; ++k) {
        if (!std::isfinite(R(k)) || R(k) != std::trunc(R(k))) return false;
        fraction = fraction || (std::isfinite(Y(k)) && std::abs(Y(k) - std::round(Y(k))) > 1e-6);
    }
    return fraction;
}

// Where Y first has a fraction, and its value there, in the part's words.
std::string first_fraction(const arma::mat& Y, const Axes& ax) {
    for (arma::uword k = 0; k < Y.n_elem; ++k)
        if (std::isfinite(Y(k)) && std::abs(Y(k) - std::round(Y(k))) > 1e-6)
            return "at " + where(ax, k % Y.n_rows, k / Y.n_rows) + ", counting from 0, the right value is " + show(Y(k));
    return "";
}

// R = f(Y) entry by entry, for an f that a slip puts in or leaves out: 1 / y (a ratio
// written upside down), y^2 and sqrt(y) (a squared distance for a plain one, or the
// other way round), |y| (a sign lost), exp(y) and log(y) (a log too few or too many).
std::vector<Finding> function_of_right(const arma::mat& R, const arma::mat& Y, const std::string& name, double tol) {
    struct Fn {
        const char* key;
        const char* what;
        double (*f)(double);  // NaN where the right value is outside its domain
    };
    static const Fn fns[] = {
        {"reciprocal", "1 / (the right value): a ratio written upside down, b / a where a / b belongs",
         [](double y) { return y != 0.0 ? 1.0 / y : std::nan(""); }},
        {"squared", "the square of the right value: a square too many (a squared distance, or a variance, where "
                    "the plain distance or the standard deviation belongs)",
         [](double y) { return y * y; }},
        {"square_root", "the square root of the right value: a sqrt too many (a distance where its square belongs, "
                        "or a standard deviation where the variance belongs)",
         [](double y) { return y >= 0.0 ? std::sqrt(y) : std::nan(""); }},
        {"absolute", "the size of the right value without its sign: an abs (or a square root of a square) too many",
         [](double y) { return std::abs(y); }},
        {"exp", "e to the right value: an exp too many, or a log left out", [](double y) { return std::exp(y); }},
        {"log", "the log of the right value: a log too many, or an exp left out",
         [](double y) { return y > 0.0 ? std::log(y) : std::nan(""); }},
    };
    // compared where f(y) is a finite number (log 0, 1 / 0 and sqrt of a negative are
    // not, nor is a row that a rule of the contract sets apart): on most entries, and
    // the rest left out
    // (and f must move some of them: on zeros alone, y^2 is y)
    auto holds = [&](const Fn& fn) {
        arma::uword compared = 0;
        bool moved = false;
        for (arma::uword k = 0; k < Y.n_elem; ++k) {
            const double fy = fn.f(Y(k));
            if (!std::isfinite(Y(k)) || !std::isfinite(fy)) continue;
            if (!agree(R(k), fy, tol)) return false;
            moved = moved || !agree(fy, Y(k), tol);
            ++compared;
        }
        return moved && compared >= 2 && 2 * compared >= Y.n_elem;
    };
    std::vector<Finding> out;
    for (const Fn& fn : fns)
        if (holds(fn))
            out.push_back(found(m::result_function_of_right, std::string("function:") + fn.key,
                                "every entry of " + name + " is " + fn.what));
    return out;
}

// R - Y the same row in every row (a bias, a position code or another row vector added
// once too often, left out, or added with another value, such as a bias times the gain),
// or else the same column in every column (an amount per row: a shift or a normaliser of
// each row added or left out); not one number everywhere.
std::vector<Finding> broadcast_added(const arma::mat& R, const arma::mat& Y, const std::string& name, const Axes& ax,
                                     double tol) {
    if (!R.is_finite() || !Y.is_finite()) return {};
    const arma::mat D = R - Y;
    if (arma::abs(D).max() <= tol * std::max(1.0, arma::abs(Y).max())) return {};
    auto along = [&](bool rows) {
        const arma::uword n = rows ? Y.n_rows : Y.n_cols;
        if (n < 2) return false;
        const arma::mat first = rows ? arma::mat(D.row(0)) : arma::mat(D.col(0));
        for (arma::uword i = 0; i < Y.n_elem; ++i) {
            const double d = rows ? first(i / Y.n_rows) : first(i % Y.n_rows);
            if (!agree(R(i), Y(i) + d, tol)) return false;
        }
        return true;
    };
    const std::string row_word = ax.rows.empty() ? "row" : ax.rows, col_word = ax.cols.empty() ? "column" : ax.cols;
    // exactly 1 more everywhere (two entries at least): a sum that started at 1
    if (Y.n_elem >= 2 && agrees_with(R, Y, tol, [](double v, arma::uword) { return v + 1.0; }))
        return {found(m::result_broadcast_added, "added:one",
                      "every entry of " + name + " is the right value plus 1: a sum started at 1 instead of 0 "
                      "(arma::ones where arma::zeros belongs, double s = 1, or a fold whose first value is 1), or "
                      "a 1 added once too often")};
    const bool by_rows = along(true), by_cols = along(false);
    // one number everywhere says too little: an approximation with another step, or any
    // slip whose error happens to be even, gives that as well
    if (by_rows && by_cols) return {};
    if (by_rows)
        return {found(m::result_broadcast_added, "added:row",
                      "every " + row_word + " of " + name + " is the right one plus the same row (" +
                          (D(0, 0) >= 0 ? "" : "-") + number(std::abs(D(0, 0))) + " in its first " + col_word +
                          "): something the same for every " + row_word + ", such as a bias or a position's "
                          "code, added once too often, left out, or added with another value than its own")};
    if (by_cols)
        return {found(m::result_broadcast_added, "added:column",
                      "each " + row_word + " of " + name + " is the right one plus an amount of its own, the same in "
                          "every " + col_word + ": something computed once per " + row_word + " (a maximum, a mean, a "
                          "sum) added or left out where it belongs, or subtracted where it is not")};
    return {};
}

// Each row of R the softmax of Y's row (R finite, Y of 2 columns or more, Y's rows not
// all alike): a softmax where the contract wants what goes into one (scores returned as
// weights), or a second softmax on weights that had one already.
std::vector<Finding> softmax_of_right(const arma::mat& R, const arma::mat& Y, const std::string& name, const Axes& ax,
                                      double tol) {
    if (Y.n_cols < 2 || !R.is_finite() || !Y.is_finite()) return {};
    arma::mat soft = Y;
    soft.each_col() -= arma::max(soft, 1);
    soft = arma::exp(soft);
    soft.each_col() /= arma::sum(soft, 1);
    if (agree(soft, Y, tol) || !agree(R, soft, tol)) return {};
    const std::string per = ax.rows.empty() || Y.n_rows == 1 ? "" : " (one per " + ax.rows + ")";
    return {found(m::result_softmax_of_right, "softmax_of_right",
                  "every row of " + name + per + " is the softmax of the right row: your entries are positive and "
                      "sum to 1 along each row, a softmax too many; " + name +
                      " is what goes into a softmax, not what comes out of it")};
}

// Every entry of R is Y's entry plus all those before it: along its row, down its column,
// or through the whole result in the order two nested loops visit it (row by row, or
// column by column). An accumulator declared once, outside the loop that should start it
// at 0 for each entry.
std::vector<Finding> running_sum(const arma::mat& R, const arma::mat& Y, const std::string& name, const Axes& ax,
                                 double tol) {
    if (!R.is_finite() || !Y.is_finite()) return {};
    const std::string row_word = ax.rows.empty() ? "row" : ax.rows, col_word = ax.cols.empty() ? "column" : ax.cols;
    struct Order {
        const char* key;
        bool applies;
        arma::mat sums;
        std::string where;
    };
    const bool grid = Y.n_rows > 1 && Y.n_cols > 1;
    const std::vector<Order> orders = {
        {"running:rows", Y.n_cols > 1, arma::cumsum(Y, 1),
         Y.n_rows == 1 ? std::string("before it")
                       : "before it in the same " + row_word + "'s row (a sum set to 0 at the start of each " + row_word +
                             "'s row only, not before each entry)"},
        {"running:cols", Y.n_rows > 1 && !ax.rows.empty(), arma::cumsum(Y, 0),
         "above it in the same " + col_word + "'s column (a sum set to 0 at the start of each " + col_word +
             "'s column only, not before each entry)"},
        {"running:row_by_row", grid, arma::reshape(arma::cumsum(arma::vectorise(Y.t())), Y.n_cols, Y.n_rows).t(),
         "before it, " + row_word + " by " + row_word + " (a sum set to 0 once, before both loops)"},
        {"running:column_by_column", grid, arma::reshape(arma::cumsum(arma::vectorise(Y)), Y.n_rows, Y.n_cols),
         "before it, " + col_word + " by " + col_word + " (a sum set to 0 once, before both loops)"},
    };
    std::vector<Finding> out;
    for (const auto& o : orders)
        if (o.applies && !agree(o.sums, Y, tol) && agree(R, o.sums, tol))
            out.push_back(found(m::result_running_sum, o.key,
                                "every entry of " + name + " is the right one plus all the right entries " + o.where +
                                    ": the sum (s += ...) is not set back to 0 before each entry it adds up, or each "
                                    "entry was built on the one before it; start each entry's sum at 0 inside the "
                                    "loop, just before its own terms"));
    return out;
}

// R's rows (or columns) are Y's, each once, in another order; Y's rows must all differ.
std::vector<Finding> permuted(const arma::mat& R, const arma::mat& Y, const std::string& name, const Axes& ax,
                              double tol) {
    std::vector<Finding> out;
    for (const bool rows : {true, false}) {
        const arma::uword n = rows ? Y.n_rows : Y.n_cols;
        if (n < 2 || (rows && ax.rows.empty())) continue;
        auto line = [&](const arma::mat& x, arma::uword i) { return rows ? arma::mat(x.row(i)) : arma::mat(x.col(i)); };
        std::vector<arma::uword> from(n);
        bool ok = true;
        for (arma::uword i = 0; i < n && ok; ++i) {
            arma::uword hits = 0;
            for (arma::uword j = 0; j < n; ++j)
                if (agree(line(R, i), line(Y, j), tol)) from[i] = j, ++hits;
            ok = hits == 1;
        }
        std::vector<arma::uword> sorted = from;
        std::sort(sorted.begin(), sorted.end());
        for (arma::uword i = 0; i < n && ok; ++i) ok = sorted[i] == i;
        if (!ok) continue;
        const std::string word = rows ? (ax.rows.empty() ? "row" : ax.rows) : (ax.cols.empty() ? "column" : ax.cols);
        std::string list;
        for (arma::uword i = 0, said = 0; i < n && said < 3; ++i)
            if (from[i] != i)
                list += std::string(said++ ? ", " : "") + word + " " + std::to_string(i) + " holds " + word + " " +
                        std::to_string(from[i]) + "'s";
        out.push_back(found(m::result_permuted, std::string("permuted:") + (rows ? "rows" : "cols"),
                            "the " + std::string(rows ? "rows" : "columns") + " of " + name +
                                " are the right ones in another order (" + list +
                                ", counting from 0): an index that picks the wrong " + word +
                                " (i and j swapped, or counted from the other end)"));
    }
    return out;
}

// R of another shape than Y, with Y's own numbers: the same entries in another shape
// (filled through one running index), or a block of Y's rows or columns (a loop that
// kept only its last result, or returned one row where all of them belong).
std::vector<Finding> other_shape_relations(const arma::mat& R, const arma::mat& Y, const std::string& name,
                                           const Axes& ax, double tol) {
    if (R.n_elem == 0 || !has_values(Y)) return {};
    const std::string was = name + " is " + shape(R) + " where " + shape(Y) + " is right";
    // (a grid of another shape, or a grid flattened into one row or column)
    if (R.n_elem == Y.n_elem && ((R.n_rows > 1 && R.n_cols > 1) || (Y.n_rows > 1 && Y.n_cols > 1)) &&
        (agree(arma::vectorise(R), arma::vectorise(Y), tol) || agree(arma::vectorise(arma::mat(R.t())),
                                                                     arma::vectorise(arma::mat(Y.t())), tol)))
        return {found(m::result_reshaped, "reshaped",
                      was + ", and holds the right numbers in the right order: the entries were written through "
                            "one running index into a matrix made the wrong size; size it " + shape(Y) +
                            (ax.rows.empty() ? "" : " (one row per " + ax.rows + ", one column per " + ax.cols + ")"))};
    const bool by_rows = R.n_cols == Y.n_cols && R.n_rows < Y.n_rows;
    const bool by_cols = R.n_rows == Y.n_rows && R.n_cols < Y.n_cols;
    if (!by_rows && !by_cols) return {};
    const arma::uword n = by_rows ? Y.n_rows : Y.n_cols, m_ = by_rows ? R.n_rows : R.n_cols;
    for (arma::uword a = 0; a + m_ <= n; ++a) {
        const arma::mat block = by_rows ? arma::mat(Y.rows(a, a + m_ - 1)) : arma::mat(Y.cols(a, a + m_ - 1));
        if (!agree(R, block, tol)) continue;
        const std::string word = by_rows ? (ax.rows.empty() ? "row" : ax.rows) : (ax.cols.empty() ? "column" : ax.cols);
        const bool last = a + m_ == n, first = a == 0;
        const std::string which = m_ == 1 ? "only its " + std::string(last ? "last " : first ? "first " : "") + word +
                                                " (" + word + " " + std::to_string(a) + ", counting from 0)"
                                          : "only " + word + "s " + std::to_string(a) + " to " + std::to_string(a + m_ - 1);
        const std::string why =
            m_ == 1 ? "a result made for one " + word + ", or the last value of a loop returned where every step's " +
                          word + " belongs"
                    : "a result made with too few " + word + "s (sized by another count than the one of the right " +
                          word + "s), or a loop that stopped early";
        return {found(m::result_part_only, std::string("part:") + (by_rows ? "rows:" : "cols:") +
                                                 (last ? "last" : first ? "first" : "middle") + (m_ == 1 ? ":one" : ":some"),
                      was + ": it holds " + which + " of the right result, and the rest is missing (" + why + ")")};
    }
    return {};
}

}  // namespace

std::vector<Finding> relations_between(const Part& g, const Part& y, const std::vector<Quantity>& quantities,
                                       const std::vector<Term>& terms, double tol) {
    std::vector<Finding> out;
    const arma::mat& R = g.value;
    const arma::mat& Y = y.value;
    const std::string& name = y.name;
    const Axes& ax = y.axes;
    if (agree(R, Y, tol) || ax.count) return out;
    if (ax.sequence) return sequence_relations(R, Y, name);

    // shapes that differ: the right entries transposed, reshaped, or only some of them
    if (R.n_rows != Y.n_rows || R.n_cols != Y.n_cols) {
        if (R.n_rows == Y.n_cols && R.n_cols == Y.n_rows && agree(R, arma::mat(Y.t()), tol)) {
            std::string text = name + " came out transposed: it is " + shape(R) + " where " + shape(Y) + " is right";
            if (!ax.rows.empty()) text += ", one row per " + ax.rows + " and one column per " + ax.cols;
            text += "; its entries are right, with rows and columns swapped (a .t() too many, or the product "
                    "written the other way round)";
            out.push_back(found(m::result_transposed, "transposed", text));
            return out;
        }
        if (R.n_elem == 0 && Y.n_elem > 0 && arma::all(arma::vectorise(Y) == 0.0)) {  // a sum of nothing, left empty
            out.push_back(found(m::result_empty_shape_wrong, "empty:sum of nothing",
                                name + " is " + shape(R) + " where " + shape(Y) + " of zeros is right: a sum of no terms "
                                       "(an input with a size of 0: no keys, no rows to add) still has the result's "
                                       "shape, each entry 0. An early return of an empty matrix (arma::rowvec(), "
                                       "arma::mat()) for such an input, or a result first assigned inside a loop that "
                                       "then runs no times, gives none; start from arma::zeros of the result's shape and "
                                       "let the loop run no times"));
            return out;
        }
        if (Y.n_elem == 0) {  // an input with a size of 0: the result's other sizes, or none
            const std::string was = name + " is " + shape(R) + " where " + shape(Y) + " is right";
            const std::string why =
                R.n_elem == 0 ? ": with nothing to compute, the result still keeps every size that is not 0. An early "
                                "return of arma::mat() (0x0), or a result grown with join_cols or join_rows from an "
                                "empty start, loses them; size it " + shape(Y) + ", or let the computation run: a product "
                                "over no rows gives 0 rows and the right number of columns"
                              : ": a size of 0 gives no entries. A guard that treats 0 like 1 (L <= 1, or a size "
                                "taken as max(n, 1)) makes a result where there should be none";
            out.push_back(found(m::result_empty_shape_wrong, R.n_elem == 0 ? "empty:lost sizes" : "empty:entries",
                                was + why));
            return out;
        }
        if (R.n_rows == 0 && R.n_cols == 0)
            return {found(m::result_never_assigned, "never_assigned",
                          name + " is 0x0 where " + shape(Y) + " is right: it was never given a value and kept the "
                                 "empty matrix it started as (a value computed into a local variable and not "
                                 "stored, a field of the result not assigned, or a return before it was set)")};
        return other_shape_relations(R, Y, name, ax, tol);
    }
    if (Y.n_elem == 0) return out;
    // right to a few parts in a million and no closer: single precision, or a tiny constant
    // added (said alone: every other relation would only describe the rounding)
    if (R.is_finite() && Y.is_finite()) {
        const double scale = std::max(arma::abs(Y).max(), 1e-300);
        const double off = arma::abs(R - Y).max() / scale;
        if (off > 0 && off <= 2e-5) {
            char digits[16];
            std::snprintf(digits, sizeof digits, "%.0f", std::floor(-std::log10(off)));
            return {found(m::result_nearly_right, "nearly",
                          name + " agrees with the right values to about " + digits +
                              " significant digits and no further (a double carries 15 or 16): a float where a double "
                              "belongs (an accumulator, a temporary, a 1.0f), or a tiny constant added somewhere (an "
                              "epsilon the formula does not have)")};
        }
    }

    // inf or NaN where the right value is finite: nothing else is worth saying (unless
    // the right result holds infinities itself, as a mask does: then one in the wrong
    // place is a matter of where, not of an overflow)
    // (a function of the right values, as a log, can be -inf where they are 0: that says more)
    const bool values = has_values(Y);
    const std::vector<Finding> function = values ? function_of_right(R, Y, name, tol) : std::vector<Finding>{};
    const bool right_is_finite = Y.is_finite() && function.empty();
    for (arma::uword k = 0; k < Y.n_elem && right_is_finite; ++k)
        if (std::isfinite(Y(k)) && !std::isfinite(R(k))) {
            const arma::uword r = k % Y.n_rows, c = k / Y.n_rows;
            out.push_back(found(m::result_not_finite, "not_finite",
                                name + " holds " + show(R(k)) + " where the right value is finite (first at " +
                                    where(ax, r, c) + ", counting from 0: it should be " + show(Y(k)) + ")" +
                                    kNotFiniteWhy));
            return out;
        }

    if (values && whole_numbers_only(R, Y)) {
        out.push_back(found(m::result_whole_numbers, "whole_numbers",
                            "every entry of " + name + " is a whole number where the right values are not (first " +
                                first_fraction(Y, ax) + "): something was computed in integers, as a sum that starts "
                                "as `auto s = 0` (an int: each += drops the fraction), an int variable, or an "
                                "integer division such as 1 / n; start sums at 0.0 and keep values in double"));
        // said only where no other relation holds: zeros are whole numbers too, and so is X
        // on an input of whole numbers, where the result lacks a term
        out.back().implied = true;
    }
    if (values && Y.n_rows == Y.n_cols && Y.n_rows > 1 && !agree(Y, arma::mat(Y.t()), tol) &&
        agree(R, arma::mat(Y.t()), tol)) {
        std::string text = name + " came out transposed: entry (i, j) holds the right entry (j, i)";
        if (!ax.rows.empty()) text += "; rows are " + ax.rows + "s and columns " + ax.cols + "s";
        out.push_back(found(m::result_transposed, "transposed", text + " (a .t() too many, or the product written "
                                                                     "the other way round)"));
    }
    // the right numbers laid out row by row into storage Armadillo reads column by column
    // (M.memptr()[i * n_cols + j] = ...): on a square result that is the transpose, said above,
    // and this only an alternative another input may confirm
    if (values && Y.n_rows > 1 && Y.n_cols > 1) {
        const arma::mat laid = arma::reshape(arma::vectorise(arma::mat(Y.t())), Y.n_rows, Y.n_cols);
        if (!agree(laid, Y, tol) && agree(R, laid, tol)) {
            out.push_back(found(m::result_reshaped, "row_major",
                                name + " holds the right numbers in the right order read row by row, stored as if "
                                       "Armadillo kept a matrix row by row: it keeps it column by column, so entry "
                                       "(i, j) is memptr()[i + j * n_rows], not memptr()[i * n_cols + j]; write "
                                       "through M(i, j), which knows the layout"));
            out.back().implied = Y.n_rows == Y.n_cols;
        }
    }
    if (values && agrees_with(R, Y, tol, [](double v, arma::uword) { return -v; }))
        out.push_back(found(m::result_negated, "negated",
                            "every entry of " + name + " has the wrong sign: it is exactly -1 times the right value "
                            "(a difference written the wrong way round, a - b for b - a, or += where -= belongs)"));
    if (values && arma::all(arma::vectorise(R == 0.0)))
        out.push_back(found(m::result_all_zero, "all_zero",
                            name + " is all zeros: nothing was written into it, or what was written was lost "
                            "(a result left at its starting zeros, a copy that was changed instead of the result)"));
    else if (values && R.is_finite() && arma::abs(R).max() <= 1e-12 * std::max(1.0, finite_max(Y)))
        out.push_back(found(m::result_all_zero, "all_zero",
                            name + " is 0 but for rounding (" + number(arma::abs(R).max()) + " at most): its terms " +
                                "cancel, each taken away from itself (an index that makes two terms the same, " +
                                "v(i) for v(j); a value subtracted from itself)"));
    if (values) {
        const double c = factor(R, Y);
        if (std::isfinite(c) && !agree(c, 0.0, 1e-6) && !agree(c, 1.0, 1e-6) && !agree(c, -1.0, 1e-6) &&
            agrees_with(R, Y, tol, [c](double v, arma::uword) { return c * v; })) {
            const auto names = names_of_factor(c, quantities);
            if (names.empty() && Y.n_elem == 1) {
                // one number: any wrong value is some multiple of the right one; say so only when it is a quantity
            } else if (names.empty()) {
                // a factor with no name: the same relation on every input, whatever c is there
                Finding f = found(m::result_scaled, "scaled:" + name, scaled_sentence(name, c, "", ""));
                f.part = name;
                f.factor = c;
                f.factor_text = f.text;
                out.push_back(f);
            } else {
                // named when one name fits; several: narrowed across the inputs (Diagnosis::explain)
                const std::string q = names.size() == 1 ? names[0] : "";
                Finding f = found(m::result_scaled, "scaled:" + name,
                                  scaled_sentence(name, c, q, q.empty() ? "" : inverse_name(q, c, quantities)));
                f.factor_names = names;
                f.part = name;
                f.factor = c;
                f.factor_text = f.text;
                out.push_back(f);
            }
        }
    }
    out.insert(out.end(), function.begin(), function.end());
    // each row a multiple of its right row, by factors that differ
    if (values && Y.n_rows > 1 && Y.n_cols > 1 && out.empty()) {
        bool all = true, differ = false;
        std::vector<double> cs;
        for (arma::uword r = 0; r < Y.n_rows && all; ++r) {
            const arma::mat yr = Y.row(r), rr = R.row(r);
            const double c = has_values(yr) ? factor(rr, yr) : 1.0;
            // a row left at 0 is not rescaled (a loop that skipped it says more)
            all = !agree(c, 0.0, 1e-12) && agrees_with(rr, yr, tol, [c](double v, arma::uword) { return c * v; });
            if (!cs.empty() && !agree(c, cs.front(), 1e-6)) differ = true;
            cs.push_back(c);
        }
        if (all && differ) {
            std::string list;
            for (std::size_t r = 0; r < cs.size() && r < 4; ++r)
                list += (r ? ", " : "") + (ax.rows.empty() ? "row" : ax.rows) + " " + std::to_string(r) + ": " +
                        number(cs[r]);
            out.push_back(found(m::result_rows_rescaled, "rows_rescaled",
                                "each row of " + name + " is the right row times a factor of its own (" + list +
                                    (cs.size() > 4 ? ", ..." : "") +
                                    "): within a row the entries are in the right proportions, but the row was "
                                    "divided by the wrong amount (normalised by something other than what the "
                                    "formula says" +
                                    (agree(cs.front(), 1.0, 1e-9)
                                         ? "; the first row is right, as where a value of each row's own (its "
                                           "inv_std(i), its sum, its norm) is read at row 0 for every row"
                                         : "") +
                                    ")"));
        }
    }
    // right but at one end: the last (or first) row or column left at 0, as a loop that
    // stopped one short of the end (or started one late) leaves a result made of zeros
    auto edge_left_zero = [&](bool rows, bool last) {
        const arma::uword n = rows ? Y.n_rows : Y.n_cols;
        if (n == 0 || Y.n_rows != R.n_rows || Y.n_cols != R.n_cols) return false;
        if (n == 1) {  // the one line is the edge: all 0 where the right one is not
            const arma::vec r = arma::vectorise(R), y = arma::vectorise(Y);
            return arma::all(r == 0.0) && !agree(r, y, tol);
        }
        const arma::uword e = last ? n - 1 : 0, b0 = last ? 0 : 1, b1 = last ? n - 2 : n - 1;
        const arma::mat re = rows ? arma::mat(R.row(e)) : arma::mat(R.col(e));
        const arma::mat ye = rows ? arma::mat(Y.row(e)) : arma::mat(Y.col(e));
        const arma::mat rb = rows ? arma::mat(R.rows(b0, b1)) : arma::mat(R.cols(b0, b1));
        const arma::mat yb = rows ? arma::mat(Y.rows(b0, b1)) : arma::mat(Y.cols(b0, b1));
        return arma::all(arma::vectorise(re == 0.0)) && !agree(re, ye, tol) && agree(rb, yb, tol);
    };
    for (const bool rows : {true, false}) {
        if (rows && ax.rows.empty()) continue;
        const std::string word = rows ? ax.rows : ax.cols;
        const arma::uword n = rows ? Y.n_rows : Y.n_cols;
        for (const bool last : {true, false})
            if (edge_left_zero(rows, last)) {
                out.push_back(found(
                    m::result_edge_left_out, std::string("edge:") + (rows ? "rows:" : "cols:") + (last ? "last" : "first"),
                    name + " is right except its " + (last ? "last " : "first ") + word + " (" + word + " " +
                        std::to_string(last ? n - 1 : 0) + ", counting from 0), which was left at 0: " +
                        (last ? "a loop that stopped one short of the end (i < n - 1, or i + 1 < n, where i < n belongs)"
                              : "a loop that started at 1 instead of 0") +
                        ", or a range one too short"));
                // a single line left 0 is also a result of zeros: said where another input shows the edge
                out.back().implied = n == 1;
            }
    }
    // a loop over the entries, i < n_elem in Armadillo's order (down the columns), that
    // started at 1 or stopped one short: one entry at a corner left at 0, the rest right
    if (Y.n_rows > 1 && Y.n_cols > 1 && arma::size(R) == arma::size(Y))
        for (const bool last : {true, false}) {
            const arma::uword e = last ? Y.n_elem - 1 : 0;
            arma::vec r = arma::vectorise(R), y = arma::vectorise(Y);
            if (R(e) != 0.0 || agree(R(e), Y(e), tol)) continue;
            r.shed_row(e), y.shed_row(e);
            if (!agree(r, y, tol)) continue;
            out.push_back(found(m::result_edge_left_out, std::string("edge:entries:") + (last ? "last" : "first"),
                                name + " is right except its " + (last ? "last" : "first") + " entry in Armadillo's order (" +
                                    where(ax, e % Y.n_rows, e / Y.n_rows) + "), which was left at 0: " +
                                    (last ? "a loop over the entries that stopped one short (i < n_elem - 1 where "
                                            "i < n_elem belongs)"
                                          : "a loop over the entries that started at 1 instead of 0 (entries are "
                                            "counted from 0, as W(i) reads them)")));
        }
    // every entry also holding those before it: said before the loop bounds below, since its
    // first entry is right too and it tells every other one
    if (values && out.empty()) {
        auto f = running_sum(R, Y, name, ax, tol);
        out.insert(out.end(), f.begin(), f.end());
    }
    // right in its first b rows (or columns) and wrong in every one after, b the size of its
    // other side: a loop over one side that ran to the other's size (an elementwise loop
    // written for a square matrix)
    for (const bool rows : {true, false}) {
        const arma::uword n = rows ? Y.n_rows : Y.n_cols, b = rows ? Y.n_cols : Y.n_rows;
        if (!values || !out.empty() || (rows && ax.rows.empty()) || b == 0 || b >= n) continue;
        auto line = [&](const arma::mat& x, arma::uword i) { return rows ? arma::mat(x.row(i)) : arma::mat(x.col(i)); };
        bool fits = agree(rows ? arma::mat(R.rows(0, b - 1)) : arma::mat(R.cols(0, b - 1)),
                          rows ? arma::mat(Y.rows(0, b - 1)) : arma::mat(Y.cols(0, b - 1)), tol);
        for (arma::uword i = b; i < n && fits; ++i) fits = !agree(line(R, i), line(Y, i), tol);
        if (!fits) continue;
        const std::string col_word = ax.cols.empty() ? "column" : ax.cols;
        const std::string word = rows ? ax.rows : col_word, other = rows ? col_word : (ax.rows.empty() ? "row" : ax.rows);
        out.push_back(found(m::result_right_up_to_another_size, std::string("up_to_other:") + (rows ? "rows" : "cols"),
                            name + " is right in its first " + (b == 1 ? word : std::to_string(b) + " " + plural_of(word)) +
                                " and wrong in " +
                                "every " + word + " from " + word + " " + std::to_string(b) + " on: " + std::to_string(b) +
                                " is its number of " + plural_of(other) + ", so a loop over its " + plural_of(word) +
                                " ran to the size of the other side (" + (rows ? "i < M.n_cols where i < M.n_rows" :
                                "j < M.n_rows where j < M.n_cols") + " belongs)"));
    }
    // shifted by one row or one column, or by more (then the lines it left behind are 0: an
    // offset moved on before its block was written, a start one block late)
    auto shifted = [&](bool rows, int by) {
        const arma::uword n = rows ? Y.n_rows : Y.n_cols, s = static_cast<arma::uword>(std::abs(by));
        if (n < s + 2) return false;
        auto lines = [&](const arma::mat& x, arma::uword from, arma::uword to) {
            return rows ? arma::mat(x.rows(from, to)) : arma::mat(x.cols(from, to));
        };
        const arma::mat a = by > 0 ? lines(R, s, n - 1) : lines(R, 0, n - 1 - s);
        const arma::mat b = by > 0 ? lines(Y, 0, n - 1 - s) : lines(Y, s, n - 1);
        if (agree(lines(Y, s, n - 1), lines(Y, 0, n - 1 - s), tol) || !agree(a, b, tol)) return false;
        if (s == 1) return true;
        const arma::mat left = by > 0 ? lines(R, 0, s - 1) : lines(R, n - s, n - 1);
        return arma::all(arma::vectorise(left == 0.0));
    };
    for (const bool rows : {true, false}) {
        const std::string word = rows ? (ax.rows.empty() ? "row" : ax.rows) : ax.cols;
        if (rows && ax.rows.empty()) continue;
        if (shifted(rows, +1))
            out.push_back(found(m::result_shifted, rows ? "shifted:late_rows" : "shifted:late_cols",
                                name + " is one " + word + " late: " + word + " i holds what belongs to " + word +
                                    " i - 1 (an index or a loop bound off by one)"));
        if (shifted(rows, -1))
            out.push_back(found(m::result_shifted, rows ? "shifted:early_rows" : "shifted:early_cols",
                                name + " is one " + word + " early: " + word + " i holds what belongs to " + word +
                                    " i + 1 (an index or a loop bound off by one)"));
    }
    for (const bool rows : {true, false}) {
        const std::string word = rows ? (ax.rows.empty() ? "row" : ax.rows) : ax.cols;
        const arma::uword n = rows ? Y.n_rows : Y.n_cols;
        if ((rows && ax.rows.empty()) || !values || !out.empty()) continue;
        for (arma::uword s = 2; s + 2 <= n && out.empty(); ++s)
            for (const int dir : {+1, -1})
                if (shifted(rows, dir * static_cast<int>(s))) {
                    const std::string by = std::to_string(s) + " " + plural_of(word);
                    out.push_back(found(m::result_shifted,
                                        std::string("shifted:") + (dir > 0 ? "late_" : "early_") + (rows ? "rows:" : "cols:") +
                                            std::to_string(s),
                                        name + " is " + by + (dir > 0 ? " late: " : " early: ") + word + " i holds what " +
                                            "belongs to " + word + " i " + (dir > 0 ? "- " : "+ ") + std::to_string(s) +
                                            ", and the " + by + " it left " + (dir > 0 ? "at the start" : "at the end") +
                                            " are 0 (an offset moved on before its block was written, or counted " +
                                            "from the wrong place)"));
                }
    }
    // a softmax too many
    if (values && out.empty()) {
        auto f = softmax_of_right(R, Y, name, ax, tol);
        out.insert(out.end(), f.begin(), f.end());
    }
    // the right rows (or columns) in another order
    if (values && out.empty()) {
        auto f = permuted(R, Y, name, ax, tol);
        out.insert(out.end(), f.begin(), f.end());
    }
    // a term missing, or there twice
    for (const auto& t : terms) {
        if (t.part != name || t.value.n_rows != Y.n_rows || t.value.n_cols != Y.n_cols || !has_values(t.value)) continue;
        if (agrees_with(R, Y, tol, [&](double v, arma::uword k) { return v - t.value(k); }))
            out.push_back(found(m::result_term_missing, "missing:" + t.name,
                                name + " lacks " + t.name + ": it is the right value minus " + t.name));
        if (agrees_with(R, Y, tol, [&](double v, arma::uword k) { return v + t.value(k); }))
            out.push_back(found(m::result_term_extra, "extra:" + t.name,
                                name + " has " + t.name + " once too often: it is the right value plus " + t.name));
    }
    // the same row (or column) added to every row (or column): a term the probe did not name
    if (values && out.empty()) {
        auto f = broadcast_added(R, Y, name, ax, tol);
        out.insert(out.end(), f.begin(), f.end());
    }
    return out;
}

namespace {
std::map<std::string, std::vector<ContractRule>>& rules_of() {
    static std::map<std::string, std::vector<ContractRule>> all;
    return all;
}

// A ShapeError of the function's own on valid input whose message ("...; got A 4x6 and B
// 6x6") names first a matrix with a rule of the contract: that rule, and what the check
// compared the matrix with instead, when it was another matrix.
std::vector<Finding> check_of_other_sizes(const Result& got, const std::string& function) {
    const auto rules = rules_of().find(function);
    const std::string::size_type at = got.message.rfind("; got ");
    if (rules == rules_of().end() || at == std::string::npos) return {};
    // the names: each is the text before its shape ("part 0 3x4")
    auto name_before_shape = [](const std::string& s) {
        const std::string::size_type sp = s.rfind(' ');
        return sp == std::string::npos ? s : s.substr(0, sp);
    };
    const std::string named = got.message.substr(at + 6);
    const std::string::size_type and_at = named.find(" and ");
    const std::string first = name_before_shape(and_at == std::string::npos ? named : named.substr(0, and_at));
    const std::string second = and_at == std::string::npos ? "" : name_before_shape(named.substr(and_at + 5));
    std::vector<const ContractRule*> mine;
    for (const ContractRule& r : rules->second)
        if (r.matrix == first) mine.push_back(&r);
    if (mine.empty()) return {};
    std::vector<const ContractRule*> with_second;
    for (const ContractRule* r : mine)
        if (r->other == second) with_second.push_back(r);
    if (!with_second.empty()) mine = with_second;
    std::string rule;
    for (const ContractRule* r : mine) rule += (rule.empty() ? "" : "; and ") + r->words;
    const bool another = with_second.empty();
    const std::string detail =
        "the check that refused names " + first + (second.empty() ? "" : " and " + second) +
        " in its message; the contract checks " + rule +
        (another && !second.empty()
             ? ", not against " + second + "'s sizes"
             : ", and these shapes keep it, so the condition reads other sizes than its message names (a line "
               "copied and one name not changed, n_rows where n_cols belongs)") +
        "; it threw " + got.message;
    const Mistake& mk = mistake_of(NotARule::other_sizes);
    return {found(mk, "rule_of:" + first + ":" + second, sentence(mk, detail))};
}
}  // namespace

bool contract_rules(const std::string& function, const std::vector<ContractRule>& rules) {
    auto& mine = rules_of()[function];
    mine.insert(mine.end(), rules.begin(), rules.end());
    // a check may name the two matrices in either order ("got W 3x3 and h_prev 1x2")
    for (const ContractRule& r : rules) {
        const bool stated = std::any_of(rules.begin(), rules.end(), [&](const ContractRule& o) {
            return o.matrix == r.other && o.other == r.matrix;
        });
        if (!stated) mine.push_back({r.other, r.matrix, r.words});
    }
    return true;
}

std::vector<ContractRule> attention_rules(bool with_mask) {
    std::vector<ContractRule> rules{{"Q", "K", "Q's columns against K's columns, d_k (d_q = d_k)"},
                                    {"K", "V", "K's rows against V's rows, L_K (one value per key)"}};
    if (with_mask)
        for (const char* other : {"scores", "S", "Q", "K"})
            rules.push_back({"mask", other, "the mask's shape against the scores', L_Q x L_K (Q's rows by K's rows)"});
    return rules;
}

// An index past the end from a block Armadillo was asked for by its bounds.
constexpr const char* kBlockPastTheEnd =
    "on input the contract accepts, a block of rows or columns ran past the end of a matrix: Armadillo's "
    "M.rows(a, b), M.cols(a, b) and M.submat(r1, c1, r2, c2) end at b (r2, c2) itself, inclusive, and take "
    "that last index, where Eigen's block(i, j, rows, cols) and middleCols(a, n) take a count, so n columns "
    "from a are M.cols(a, a + n - 1), or M.submat(r, a, arma::size(rows, n)) with a size; or a bound taken "
    "from the wrong size (n_rows for n_cols, L_Q for d_k), one too far, or a block that starts at row 0 of a "
    "matrix with no rows, which Armadillo refuses even when the block is empty";

void reword_past_the_end_of_nothing(Finding& f) {
    if (f.mistake != &m::result_index_past_the_end) return;
    const auto at = f.text.rfind(" (it threw ");
    f.text = "on input the contract accepts with a size of 0, an index ran past the end: a bound n - 1 with an "
             "unsigned n of 0 wraps round to the largest arma::uword, so a loop t <= X.n_rows - 1 (or a range "
             ".rows(0, n - 1)) runs on where there is nothing to read; write each bound as the size it counts, "
             "t < X.n_rows, which runs no step at all for 0. A block that starts at row 0 (or column 0) of a "
             "matrix with none is refused too, even an empty one (M.submat(0, c, arma::size(0, w))): take whole "
             "columns with M.cols(a, b) (or whole rows with M.rows(a, b)), which works with no rows" +
             (at == std::string::npos ? std::string() : f.text.substr(at));
}

bool names_a_size_of_zero(const std::string& input) {
    static const std::regex zero("(^|[^0-9])0x[0-9]|[0-9]x0([^0-9]|$)");
    return std::regex_search(input, zero);
}

// A call that threw where the right result is numbers: the input was valid, so what threw
// says the slip's kind (a check too strict, a product of the wrong operands, an index
// past the end); the key is the kind alone, so that one kind on every input names it.
std::vector<Finding> threw_on_valid_input(const Result& got, const std::string& function) {
    const std::string said = " (it threw " + got.type + ": " + got.message + ")";
    // a standard library error whose message starts with the function's name: the
    // learner's own check, not Armadillo's
    const bool own = !function.empty() && got.message.rfind(function + ":", 0) == 0;
    if (own && (got.threw == Threw::armadillo_size || got.threw == Threw::armadillo_index))
        return {found(m::result_valid_input_refused, "refused", sentence(m::result_valid_input_refused) + said)};
    switch (got.threw) {
        case Threw::shape_error:
        case Threw::input_error: {
            // the course's errors start with the name of the function that refused
            const std::string by = got.message.substr(0, got.message.find(':'));
            if ((function.empty() || by == function) && got.threw == Threw::shape_error) {
                auto f = check_of_other_sizes(got, function);
                if (!f.empty()) return f;
            }
            if (function.empty() || by == function)
                return {found(m::result_valid_input_refused, "refused", sentence(m::result_valid_input_refused) + said)};
            return {found(m::result_inner_call_refused, "refused_inside:" + by,
                          by + " refused what your code handed it, on input the contract accepts: the values (or "
                               "shapes) your code computed before that call are wrong; look at what it passes to " +
                              by + said)};
        }
        case Threw::armadillo_size:
            return {found(m::result_operands_do_not_fit, "size", sentence(m::result_operands_do_not_fit) + said)};
        case Threw::armadillo_index: {
            // also, as alternatives another input may confirm: a loop over the rows (or the
            // columns) that ran to the other side's size, which runs past the end where that
            // side is the longer one
            // a block asked of Armadillo by its bounds (submat, rows, cols): its inclusive end first
            const bool block = mentions(got.message, "submat()") || mentions(got.message, "::rows()") ||
                               mentions(got.message, "::cols()");
            std::vector<Finding> out{found(m::result_index_past_the_end, "index",
                                           block ? std::string(kBlockPastTheEnd) + said
                                                 : sentence(m::result_index_past_the_end) + said)};
            for (const char* side : {"rows", "cols"}) {
                out.push_back(found(m::result_right_up_to_another_size, std::string("up_to_other:") + side,
                                    std::string("a loop over the result's ") + (side[0] == 'r' ? "rows" : "columns") +
                                        " ran to the size of the other side: where that side is shorter, entries are "
                                        "left wrong, and where it is longer, the index runs past the end" + said));
                out.back().implied = true;
            }
            return out;
        }
        case Threw::other:
            // an error of another type (std::invalid_argument, std::runtime_error) in words that
            // start with the function's name: the learner's own check, refusing with its own type
            if (own)
                return {found(m::result_valid_input_refused, "refused",
                              sentence(m::result_valid_input_refused) + said +
                                  "; where a refusal is due, the contract names its error: attn::ShapeError for "
                                  "shapes, attn::InputError for values")};
            return {};
        default: return {};
    }
}

std::vector<Finding> relations_between(const Result& got, const Result& want, const std::vector<Quantity>& quantities,
                                       const std::vector<Term>& terms, double tol,
                                       const std::string& function) {
    if (want.threw == Threw::nothing && got.threw != Threw::nothing) return threw_on_valid_input(got, function);
    if (got.threw != Threw::nothing || want.threw != Threw::nothing) return {};
    // each wrong part's relation; a part may have several only where they are one fact
    // (two tokens swapped: reversed, and turned round by one place either way; zeros, which
    // are also whole numbers; a token of two places), and then each is an alternative, kept if
    // the other inputs agree with it. Only sequences may have alternatives in more than one
    // part; every combination of them is then one alternative.
    std::vector<std::pair<std::string, std::vector<Finding>>> wrong;
    std::string right;
    std::size_t alternatives = 1;
    for (const Part& w : want.parts) {
        const Part* g = got.part(w.name);
        if (!g) return {};
        if (agree(g->value, w.value, tol)) {
            right += (right.empty() ? "" : ", ") + w.name;
            continue;
        }
        auto f = relations_between(*g, w, quantities, terms, tol);
        const auto said = std::count_if(f.begin(), f.end(), [](const Finding& x) { return !x.implied; });
        if (f.empty() || (f.size() > 1 && !(w.axes.sequence || said <= 1)) ||
            (f.size() > 1 && alternatives > 1 && !w.axes.sequence))
            return {};
        alternatives *= f.size();
        if (alternatives > 64) return {};
        wrong.emplace_back(w.name, std::move(f));
    }
    if (wrong.empty()) return {};
    std::vector<Finding> out;
    for (std::size_t a = 0; a < alternatives; ++a) {
        Finding f{};
        std::vector<const char*> said;
        std::vector<std::string> scaled_parts;  // the parts scaled by f.factor, said in one sentence
        std::size_t rest = a;  // a's digits, one per part, pick each part's alternative
        for (const auto& [part, fs] : wrong) {
            const Finding& one = fs[rest % fs.size()];
            rest /= fs.size();
            f.key += (f.key.empty() ? "" : "|") + part + ":" + one.key;
            const bool same_factor = std::abs(one.factor - f.factor) <= 1e-9 * std::abs(f.factor);
            const std::size_t said_at = f.factor_text.empty() ? std::string::npos : f.text.find(f.factor_text);
            if (!one.factor_text.empty() && said_at != std::string::npos && same_factor &&
                one.factor_names == f.factor_names) {
                // another part scaled by the same factor: one sentence for them all
                scaled_parts.push_back(part);
                std::string joined;
                for (std::size_t k = 0; k < scaled_parts.size(); ++k)
                    joined += (k == 0 ? "" : k + 1 == scaled_parts.size() ? " and " : ", ") + scaled_parts[k];
                const std::string q = f.factor_names.size() == 1 ? f.factor_names[0] : "";
                const std::string words =
                    scaled_sentence(joined, f.factor, q, q.empty() ? "" : inverse_name(q, f.factor, quantities));
                f.text.replace(said_at, f.factor_text.size(), words);
                f.factor_text = words;
                f.part = joined;
                continue;
            }
            // an explanation two parts share is given once, after the first of them
            std::string text = one.text;
            for (const char* why : kSharedWhys) {
                const std::size_t n = std::strlen(why);
                if (text.size() < n || text.compare(text.size() - n, n, why) != 0) continue;
                if (std::find(said.begin(), said.end(), why) != said.end()) text.resize(text.size() - n);
                else said.push_back(why);
            }
            f.text += (f.text.empty() ? "" : "; ") + text;
            if (!one.factor_text.empty() && f.factor_text.empty()) {  // a scaled part: its factor named later
                f.factor_names = one.factor_names;
                f.part = one.part;
                f.factor = one.factor;
                f.factor_text = text;
                scaled_parts = {part};
            }
            if (!f.mistake) f.mistake = one.mistake;
            f.implied = f.implied || one.implied;
        }
        if (want.parts.size() > 1 && !right.empty())
            f.text += " (" + right + (right.find(',') == std::string::npos ? " is" : " are") + " right)";
        out.push_back(f);
    }
    return out;
}

}  // namespace attn_test
