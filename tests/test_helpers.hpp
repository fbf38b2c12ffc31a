// test_helpers.hpp: one way to compare matrices, for every test module.
//
// On a mismatch the message names the worst cell (row, col), the expected
// and the actual value, and the tolerance, so a learner sees where to look.
#pragma once

#include <algorithm>
#include <armadillo>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "check_progress.hpp"
#include "core/errors.hpp"
#include "mistakes.hpp"
#include "support/compare.hpp"

namespace attn_test {

// A B by three plain loops (tests/support/oracles.cpp).
arma::mat product_by_loops(const arma::mat& A, const arma::mat& B);

// Random Q (L_Q x d_k), K (L_K x d_k) and V (L_K x d_v) from a fixed seed.
struct RandomQKV {
    arma::mat Q, K, V;
    RandomQKV(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v, int seed = 11) {
        arma::arma_rng::set_seed(seed);
        Q = arma::randn(L_Q, d_k);
        K = arma::randn(L_K, d_k);
        V = arma::randn(L_K, d_v);
    }
};

// The text of what `fn` throws as T, or "" when it throws nothing.
template <class T, class F>
std::string thrown_message(F&& fn) {
    try {
        fn();
    } catch (const T& e) {
        return e.what();
    }
    return "";
}

// --- checks of bad input -------------------------------------------------------
//
// What `call` throws as attn::ShapeError, for a call whose shapes break a rule. When
// Armadillo's own error (a std::logic_error) escapes instead, the shapes were not
// checked first: that is the mistake shape_check_left_to_armadillo, and the text returned
// says what happened instead, for the test's own message. When nothing is thrown at
// all, that has more than one explanation (the check is missing, or the operand is
// never used because of another slip): no mistake is named, the text is "".
template <class F>
std::string shape_error_of(F&& call) {
    try {
        call();
    } catch (const attn::ShapeError& e) {
        return e.what();
    } catch (const attn::InputError& e) {
        return std::string("an attn::InputError instead: ") + e.what();
    } catch (const std::invalid_argument& e) {
        return std::string("a std::invalid_argument instead: ") + e.what();
    } catch (const attn::NotImplemented&) {
        throw;  // a stub: "not implemented yet" says it all
    } catch (const std::logic_error& e) {
        report(mistakes::shape_check_left_to_armadillo);
        return std::string("Armadillo's own error escaped: ") + e.what();
    }
    return "";
}

// What `call` throws as attn::InputError for bad values (NaN, +infinity, a zero
// size). When nothing is thrown, or the error comes from a function called later
// under its own name instead of from `fn` itself, the input was not checked where
// it came in: the mistake input_check_missing.
template <class F>
std::string input_error_of(const std::string& fn, F&& call) {
    try {
        call();
    } catch (const attn::InputError& e) {
        const std::string msg = e.what();
        if (msg.rfind(fn + ":", 0) != 0) report(mistakes::input_check_missing);
        return msg;
    } catch (const attn::ShapeError& e) {
        return std::string("an attn::ShapeError instead: ") + e.what();
    }
    report(mistakes::input_check_missing);
    return "";
}

// --- families of wrong answers --------------------------------------------------
//
// For each exercise, the natural wrong answers are computed independently (by loops,
// in the test) on one input, and kept in a Family together with the right answer.
// The same Family serves twice:
//   - the exercise's test calls recognise(got, family): when exactly one mistake's
//     variant reproduces the learner's numbers, that mistake is reported;
//   - the module's `distinguishable` suite calls coincidences(family), and fails when
//     two variants of different mistakes, or a variant and the right answer, cannot be
//     told apart on that input (then the input must change, not the recogniser).

// Equal cell by cell: NaN where the other has NaN, the same infinities in the same
// places, finite values within tol.
inline bool same_cells(const arma::mat& a, const arma::mat& b, double tol = 1e-9) {
    if (a.n_rows != b.n_rows || a.n_cols != b.n_cols) return false;
    for (arma::uword k = 0; k < a.n_elem; ++k) {
        const double x = a(k), y = b(k);
        if (std::isnan(x) || std::isnan(y)) {
            if (std::isnan(x) != std::isnan(y)) return false;
        } else if (std::isinf(x) || std::isinf(y)) {
            if (x != y) return false;
        } else if (!(std::abs(x - y) <= tol)) {
            return false;
        }
    }
    return true;
}

// One natural wrong answer: the mistake it shows, what it computes on the family's
// input, how it was computed (for the suite's messages), and how closely a learner's
// numbers must agree with it to count as "this mistake" (looser for slips whose
// exact numbers depend on a constant the learner picked, such as -1e9 or -1e30).
// A variant may instead say which numbers it accepts (`fits`), for a slip whose
// numbers depend on such a constant only; `result` is then one example of them.
struct Variant {
    const Mistake* mistake;
    arma::mat result;
    std::string how;
    double tol = 1e-9;
    std::function<bool(const arma::mat&)> fits = nullptr;

    bool reproduces(const arma::mat& got) const { return fits ? fits(got) : same_cells(got, result, tol); }
};

struct Family {
    std::string input;  // which input of the exercise's tests, for the suite's messages
    arma::mat right;
    std::vector<Variant> variants;

    Family(std::string input_name, arma::mat right_answer) : input(std::move(input_name)), right(std::move(right_answer)) {}
    Family& add(const Mistake& m, arma::mat result, std::string how, double tol = 1e-9) {
        variants.push_back({&m, std::move(result), std::move(how), tol, nullptr});
        return *this;
    }
    Family& add_fitting(const Mistake& m, arma::mat example, std::string how, std::function<bool(const arma::mat&)> fits) {
        variants.push_back({&m, std::move(example), std::move(how), 1e-9, std::move(fits)});
        return *this;
    }
};

// The mistakes whose variants reproduce `got` (each once).
inline std::vector<const Mistake*> matching(const arma::mat& got, const Family& f) {
    std::vector<const Mistake*> ids;
    for (const auto& v : f.variants)
        if (v.reproduces(got)) {
            bool known = false;
            for (const Mistake* m : ids) known = known || m == v.mistake;
            if (!known) ids.push_back(v.mistake);
        }
    return ids;
}

// Reports the mistake when exactly one mistake's variant reproduces `got`, and
// nothing when the learner's numbers are right, unknown, or ambiguous.
inline bool recognise(const arma::mat& got, const Family& f) {
    if (same_cells(got, f.right)) return false;
    const auto ids = matching(got, f);
    if (ids.size() != 1) return false;
    report(*ids[0]);
    return true;
}

// Two results are "apart" when no learner's numbers could match both: they differ
// by far more than the recognising tolerances somewhere (or in NaN or infinity).
inline bool apart(const arma::mat& a, const arma::mat& b, double tol) {
    return !same_cells(a, b, 1000 * std::max(tol, 1e-9));
}

// What cannot be told apart on this family's input: "" when every variant differs
// from the right answer and from the variant of every other mistake.
inline std::string coincidences(const Family& f) {
    std::ostringstream out;
    for (std::size_t i = 0; i < f.variants.size(); ++i) {
        const Variant& a = f.variants[i];
        if (!apart(a.result, f.right, a.tol) || (a.fits && a.fits(f.right)))
            out << "\n  on " << f.input << ": " << a.mistake->id << " (" << a.how << ") gives the right answer";
        for (std::size_t j = i + 1; j < f.variants.size(); ++j) {
            const Variant& b = f.variants[j];
            if (a.mistake != b.mistake && (!apart(a.result, b.result, std::max(a.tol, b.tol)) ||
                                           (a.fits && a.fits(b.result)) || (b.fits && b.fits(a.result))))
                out << "\n  on " << f.input << ": " << a.mistake->id << " (" << a.how << ") and " << b.mistake->id
                    << " (" << b.how << ") give the same numbers";
        }
    }
    return out.str();
}

// The suite's check of one exercise's families (the `distinguishable` suites).
inline void require_distinguishable(const std::vector<Family>& families) {
    BOOST_TEST(!families.empty(), "no family of wrong answers was declared");
    for (const auto& f : families) {
        const std::string clash = coincidences(f);
        BOOST_TEST(clash.empty(), "variants that cannot be told apart:" << clash);
    }
}

}  // namespace attn_test
