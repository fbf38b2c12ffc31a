// compare.hpp: the one comparison of the suite, and where two matrices differ.
//
// Two numbers agree when both are NaN, both are the same infinity, or both are
// finite and |got - want| <= tol * max(1, |want|): an absolute tolerance for values
// up to 1 (probabilities live near 0, where a relative one misleads) and a relative
// one above. Every check of the suite, and every recogniser of a mistake, compares
// with agree(): a learner's numbers either agree with a value or they do not, in one
// sense only.
#pragma once

#include <armadillo>
#include <boost/test/unit_test.hpp>
#include <string>
#include <vector>

namespace attn_test {

constexpr double kTol = 1e-9;

bool agree(double got, double want, double tol = kTol);
bool agree(const arma::mat& got, const arma::mat& want, double tol = kTol);

// What the rows and the columns of a result are, in the learner's words, so that a
// difference is told as "query 2, key 0" rather than "row 2, column 0".
struct Axes {
    std::string rows = "row";     // "" for a result of one row (a vector, a scalar)
    std::string cols = "column";  // "key", "feature", "position", "step", ...
    arma::uword block = 0;        // the columns come in blocks this wide (the heads), or 0
    std::string block_name;       // what a block is ("head")
    bool sequence = false;        // one row of token ids, whose length may differ
    bool count = false;           // a count or a category held as a number: told as "X is 4; it
                                  // should be 3", and no relation of its numbers is looked for
    arma::uword cols_from = 0;    // the number the input gives its first column (steps 1 to 40: 1)
};

// Axes for a matrix whose rows and columns are `rows` and `cols`.
Axes axes(std::string rows, std::string cols);
// Axes for one row of entries (a vector, a sequence of steps).
Axes entries(std::string cols);
// Axes for a count or a category held as a number (rounds searched, an answer's choice).
Axes counted();

// A set of entries of a result with a name ("the masked entries"): where a
// difference lies exactly there, it is said so.
struct Region {
    std::string name;
    std::string part;  // the part of the result it is about
    arma::umat where;  // 1 inside, 0 outside; the part's shape
};

// Where `got` differs from `want` (tolerance `tol`), in the axes' words: the shape
// when it differs, else the pattern of wrong entries (everything, some rows, some
// columns or blocks, one of the regions) and the first wrong entry with both values.
// "" when they agree.
std::string describe_difference(const std::string& name, const arma::mat& got, const arma::mat& want, const Axes& ax,
                                double tol = kTol, const std::vector<Region>& regions = {});

// A word's plural ("query": "queries", "key": "keys").
std::string plural(const std::string& word);
// The indices in `set` (sorted, out of n) as a phrase that follows "wrong": "for query 3
// only", "for queries 1 to 4", "from query 3 on", "for the last query only (query 3)",
// "for queries 0, 2 and 5" (`prep` is "for", "in" or "at"; `from`: the first index's number).
std::string which(const std::string& prep, const std::string& word, const std::vector<arma::uword>& set, arma::uword n,
                  arma::uword from = 0);

// "query 2, key 0" (or "key 0" for a one-row result).
std::string where(const Axes& ax, arma::uword row, arma::uword col);
// A number as the learner reads it: 6 significant digits, inf, -inf or NaN.
std::string show(double x);
// Whether a message holds a piece of text (a shape, a name, a rule).
inline bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A check: actual agrees with expected (agree(), tolerance tol), or a message that
// says where it does not, in the axes' words.
boost::test_tools::predicate_result matrices_close(const arma::mat& actual, const arma::mat& expected, double tol,
                                                   const std::string& what = "result", const Axes& ax = {});

}  // namespace attn_test
