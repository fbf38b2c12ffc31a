// slips.hpp: naming a learner's slip from a family of wrong variants (chapters 08-11).
//
// A test computes, by its own loops, what the right answer and every natural wrong
// variant give on its input (a variant may also be "throws": Armadillo refusing two
// shapes, an index past the end, the course's ShapeError). It then runs the learner's
// function through attempt(), which keeps an exception instead of letting it end the
// test, and report_the_one_slip() names the mistake when exactly one mistake's
// variants reproduce what the learner got. Variants that give the right answer on the
// input, or that the input cannot tell apart, name nothing there.
#pragma once

#include <algorithm>
#include <armadillo>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "mistakes.hpp"

namespace attn_test {

// What kind of error a call threw (nothing, the course's own, or Armadillo's).
enum class Threw { nothing, shape_error, input_error, armadillo_size, armadillo_index, other };

inline const char* threw_name(Threw t) {
    switch (t) {
        case Threw::nothing: return "nothing";
        case Threw::shape_error: return "attn::ShapeError";
        case Threw::input_error: return "attn::InputError";
        case Threw::armadillo_size: return "Armadillo's std::logic_error (two shapes that do not fit)";
        case Threw::armadillo_index: return "Armadillo's std::out_of_range (an index past the end)";
        case Threw::other: return "an exception";
    }
    return "an exception";
}

// What one call of the learner's code gave: its value, or what it threw.
template <class T>
struct Outcome {
    T value{};
    Threw threw = Threw::nothing;
    std::string message;
};

// Runs f, keeping any exception but NotImplemented (an untouched stub must still
// fail with "not implemented yet").
template <class F>
auto attempt(F&& f) -> Outcome<decltype(f())> {
    using T = decltype(f());
    try {
        return {f(), Threw::nothing, ""};
    } catch (const attn::NotImplemented&) {
        throw;
    } catch (const attn::ShapeError& e) {
        return {T{}, Threw::shape_error, e.what()};
    } catch (const attn::InputError& e) {
        return {T{}, Threw::input_error, e.what()};
    } catch (const std::out_of_range& e) {
        return {T{}, Threw::armadillo_index, e.what()};
    } catch (const std::logic_error& e) {
        return {T{}, Threw::armadillo_size, e.what()};
    } catch (const std::exception& e) {
        return {T{}, Threw::other, e.what()};
    }
}

// Fails the test when the call threw (after the slip, if any, was named); true when
// it returned, so the caller may look at the value.
template <class T>
bool returned(const Outcome<T>& got, const std::string& what) {
    if (got.threw == Threw::nothing) return true;
    BOOST_ERROR(what << " threw " << threw_name(got.threw) << ": " << got.message);
    return false;
}

// Equal numbers: within tol (relative above 1), NaN only with NaN, an infinity only
// with itself, so a variant that overflows is recognised by where its NaN and inf land.
inline bool alike(const arma::mat& a, const arma::mat& b, double tol = 1e-9) {
    if (a.n_rows != b.n_rows || a.n_cols != b.n_cols) return false;
    for (arma::uword k = 0; k < a.n_elem; ++k) {
        const double x = a(k), y = b(k);
        if (std::isnan(x) || std::isnan(y)) {
            if (!(std::isnan(x) && std::isnan(y))) return false;
        } else if (std::isinf(x) || std::isinf(y)) {
            if (x != y) return false;
        } else if (std::abs(x - y) > tol * std::max(1.0, std::abs(y))) {
            return false;
        }
    }
    return true;
}

// One wrong variant: the mistake it is, and what it gives on the input at hand:
// a matrix, or an error of a kind whose message contains `needle`.
struct Slip {
    const Mistake& mistake;
    arma::mat result;
    Threw threw = Threw::nothing;
    std::string needle = "";
};
inline Slip throws(const Mistake& m, Threw t, std::string needle = "") { return {m, arma::mat(), t, std::move(needle)}; }

inline bool reproduces(const Slip& s, const arma::mat& value, Threw threw, const std::string& message) {
    if (s.threw != threw) return false;
    if (threw != Threw::nothing) return message.find(s.needle) != std::string::npos;
    return alike(value, s.result);
}

// Names the mistake when the variants of exactly one mistake reproduce the learner's
// result. A variant that gives the right answer here shows nothing and is skipped.
// The mistake that report_the_one_slip names for this result, or nullptr.
inline const Mistake* the_one_slip(const arma::mat& value, Threw threw, const std::string& message,
                                   const arma::mat& right, const std::vector<Slip>& slips) {
    std::set<std::string> ids;
    const Mistake* one = nullptr;
    for (const auto& s : slips) {
        if (s.threw == Threw::nothing && alike(s.result, right)) continue;
        if (reproduces(s, value, threw, message)) ids.insert(s.mistake.id), one = &s.mistake;
    }
    return ids.size() == 1 ? one : nullptr;
}
inline bool report_the_one_slip(const arma::mat& value, Threw threw, const std::string& message,
                                const arma::mat& right, const std::vector<Slip>& slips) {
    const Mistake* one = the_one_slip(value, threw, message, right, slips);
    if (!one) return false;
    report(*one);
    return true;
}
template <class T>
bool report_the_one_slip(const Outcome<T>& got, const arma::mat& right, const std::vector<Slip>& slips) {
    return report_the_one_slip(arma::mat(got.value), got.threw, got.message, right, slips);
}
inline bool report_the_one_slip(const arma::mat& got, const arma::mat& right, const std::vector<Slip>& slips) {
    return report_the_one_slip(got, Threw::nothing, "", right, slips);
}

// The message of the refusal f must throw as E ("" when it throws nothing or
// something else). When the bad input was accepted, or Armadillo's own error
// escaped first, that is named: it is the same slip in every exercise.
template <class E, class F>
std::string refusal_message(F&& f) {
    const auto got = attempt([&] {
        f();
        return 0;
    });
    const bool wants_shape = std::is_same<E, attn::ShapeError>::value;
    switch (got.threw) {
        case Threw::nothing:
            report(wants_shape ? mistakes::shape_rule_not_checked : mistakes::bad_input_accepted);
            return "";
        case Threw::armadillo_size:
        case Threw::armadillo_index:
            report(mistakes::shape_check_left_to_armadillo);
            return "";
        case Threw::shape_error: return wants_shape ? got.message : "";
        case Threw::input_error: return wants_shape ? "" : got.message;
        case Threw::other: return "";
    }
    return "";
}

// --- the `distinguishable` suites of chapters 08-12 ------------------------------
//
// On one input of an exercise's tests, the variants its recogniser compares with
// (the very list given to report_the_one_slip) must all differ from the right answer
// and from the variants of every other mistake. Two variants coincide when one
// reproduces the other (the same numbers, or the same kind of error with one needle
// inside the other). A coincidence the input cannot avoid is allowed only when it is
// listed in `expected` (as "id" for a variant that gives the right answer, or
// "id1 = id2", ids in the order of the list) and the recogniser is shown to name
// nothing, or not that mistake, on it; a listed coincidence that does not happen fails.
inline bool slips_coincide(const Slip& a, const Slip& b) {
    if (a.threw != b.threw) return false;
    if (a.threw != Threw::nothing)
        return a.needle.find(b.needle) != std::string::npos || b.needle.find(a.needle) != std::string::npos;
    return alike(a.result, b.result) || alike(b.result, a.result);
}

inline void require_slips_apart(const std::string& input, const arma::mat& right, const std::vector<Slip>& slips,
                                const std::set<std::string>& expected = {}) {
    BOOST_TEST(!slips.empty(), "on " << input << ": no variant was declared");
    std::set<std::string> seen;
    for (std::size_t i = 0; i < slips.size(); ++i) {
        const Slip& a = slips[i];
        if (a.threw == Threw::nothing && alike(a.result, right)) {
            const std::string key = a.mistake.id;
            seen.insert(key);
            BOOST_TEST(expected.count(key) == 1u, "on " << input << ": the variant of " << key
                                                        << " gives the right answer (the input must change)");
            BOOST_TEST(the_one_slip(a.result, a.threw, "", right, slips) == nullptr,
                       "on " << input << ": the right answer is named as a mistake");
            continue;
        }
        for (std::size_t j = i + 1; j < slips.size(); ++j) {
            const Slip& b = slips[j];
            if (&a.mistake == &b.mistake || (b.threw == Threw::nothing && alike(b.result, right))) continue;
            if (!slips_coincide(a, b)) continue;
            const std::string key = std::string(a.mistake.id) + " = " + b.mistake.id;
            seen.insert(key);
            BOOST_TEST(expected.count(key) == 1u, "on " << input << ": the variants of " << a.mistake.id << " and "
                                                        << b.mistake.id << " give the same result");
            if (a.threw == Threw::nothing) {
                const Mistake* named = the_one_slip(a.result, a.threw, "", right, slips);
                BOOST_TEST((named != &a.mistake && named != &b.mistake),
                           "on " << input << ": " << a.mistake.id << " and " << b.mistake.id
                                 << " coincide, yet one of them is named");
            }
        }
    }
    for (const auto& key : expected)
        BOOST_TEST(seen.count(key) == 1u, "on " << input << ": the listed coincidence '" << key << "' does not happen");
}

// The same for a recogniser that compares results of its own type R with its own
// `same` (chapter 11's): the mistake it names for `got` (nullptr when the right
// answer, none, or more than one mistake's variant reproduces it), and the
// suite's check of one input.
template <class R, class Same>
const Mistake* the_one_variant(const R& got, const R& right, const std::vector<std::pair<const Mistake*, R>>& variants,
                               Same same) {
    std::vector<const Mistake*> matched;
    for (const auto& [mistake, wrong] : variants)
        if (!same(wrong, right) && same(got, wrong) && std::find(matched.begin(), matched.end(), mistake) == matched.end())
            matched.push_back(mistake);  // two variants of one mistake name it once
    return matched.size() == 1 ? matched[0] : nullptr;
}
template <class R, class Same>
bool report_the_one_variant(const R& got, const R& right, const std::vector<std::pair<const Mistake*, R>>& variants,
                            Same same) {
    const Mistake* one = the_one_variant(got, right, variants, same);
    if (one) report(*one);
    return one != nullptr;
}

template <class R, class Same>
void require_variants_apart(const std::string& input, const R& right,
                            const std::vector<std::pair<const Mistake*, R>>& variants, Same same,
                            const std::set<std::string>& expected = {}) {
    BOOST_TEST(!variants.empty(), "on " << input << ": no variant was declared");
    std::set<std::string> seen;
    for (std::size_t i = 0; i < variants.size(); ++i) {
        const auto& [a, ra] = variants[i];
        if (same(ra, right)) {
            seen.insert(a->id);
            BOOST_TEST(expected.count(a->id) == 1u, "on " << input << ": the variant of " << a->id
                                                          << " gives the right answer (the input must change)");
            BOOST_TEST(the_one_variant(right, right, variants, same) == nullptr,
                       "on " << input << ": the right answer is named as a mistake");
            continue;
        }
        for (std::size_t j = i + 1; j < variants.size(); ++j) {
            const auto& [b, rb] = variants[j];
            if (a == b || same(rb, right) || !(same(ra, rb) || same(rb, ra))) continue;
            const std::string key = std::string(a->id) + " = " + b->id;
            seen.insert(key);
            BOOST_TEST(expected.count(key) == 1u,
                       "on " << input << ": the variants of " << a->id << " and " << b->id << " give the same result");
            const Mistake* named = the_one_variant(ra, right, variants, same);
            BOOST_TEST((named != a && named != b),
                       "on " << input << ": " << a->id << " and " << b->id << " coincide, yet one of them is named");
        }
    }
    for (const auto& key : expected)
        BOOST_TEST(seen.count(key) == 1u, "on " << input << ": the listed coincidence '" << key << "' does not happen");
}

}  // namespace attn_test
