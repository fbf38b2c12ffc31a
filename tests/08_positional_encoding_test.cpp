// Chapter 08 tests: the sinusoidal position codes, adding them, and how alike two are.
// One suite per exercise (its name is the exercise's name); `chapter` holds the tests
// of the chapter's non-exercise code (src/labs/positional_encoding_lab).
//
// Every expected value comes from the formula written out again here, over scalars
// (pair i = c / 2 of column c, angle = p / 10000^(2i / d_model)), never from the code
// under test. Each exercise's first check runs the learner's function on a few inputs
// and names the mistake behind a wrong result (tests/support/diagnosis.hpp);
// `distinguishable` proves that those inputs tell every two declared mistakes apart.
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch08_positional_encoding)

#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>
#include <string>
#include <tuple>
#include <vector>

#include "check_progress.hpp"
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"
#include "labs/positional_encoding_lab.hpp"
#include "support/diagnosis.hpp"
#include "support/families.hpp"
#include "support/oracles.hpp"
#include "support/relations.hpp"

using namespace attn_test;
namespace m = attn_test::mistakes;

namespace {

// the contract's shape rules, for a check of other sizes (support/relations.hpp)
[[maybe_unused]] const bool rules_known = contract_rules(
    "add_positions", {{"X", "PE", "X's width against PE's width, d_model (PE.n_cols == X.n_cols)"},
                      {"X", "PE", "X's rows against PE's rows, L <= L_max (PE.n_rows >= X.n_rows)"}});


// The message of the E that fn throws, or "" (for the chapter's own checks of wording).
template <class E, class F>
std::string thrown_message(F&& fn) {
    try {
        fn();
    } catch (const E& e) {
        return e.what();
    }
    return "";
}

std::string shape(arma::uword r, arma::uword c) { return std::to_string(r) + "x" + std::to_string(c); }

// A range check off by one at the end: bad input far out is refused with one of the
// course's errors (`beyond`), but the first bad value past the end (`at_the_end`) is not,
// and Armadillo's error comes instead. Names it (`what`: that first value); false when
// the check is not of that kind.
bool lets_the_end_through(const std::function<void()>& beyond, const std::function<void()>& at_the_end,
                          const std::string& what) {
    auto run = [](const std::function<void()>& f) {
        return attempt([&] {
            f();
            return Result{};
        });
    };
    auto refused = [](const Result& r) { return r.threw == Threw::shape_error || r.threw == Threw::input_error; };
    const Threw end = run(at_the_end).threw;
    if (!refused(run(beyond)) || (end != Threw::armadillo_size && end != Threw::armadillo_index)) return false;
    report(m::range_check_lets_the_end_through, what);
    return true;
}

// ---------------------------------------------------------------- positional_encoding
const Axes kTable = axes("position", "column");

// The natural slips of positional_encoding, each a variant of the formula.
enum class TableSlip {
    none,
    sine_cosine_swapped,       // cos in the even columns, sin in the odd ones
    frequency_per_column,      // exponent c / d_model: every column its own frequency
    frequency_per_column_2c,   // exponent 2c / d_model: the column c taken for the pair i
    transposed,                // d_model x L: dimensions down, positions across
    exponent_without_d_model,  // 10000^(2i): the division by d_model left out
    integer_exponent,          // 2i / d_model in whole numbers: 0, so every frequency is 1
    positions_from_one,        // the first row is position 1
    exponent_without_two,      // i / d_model instead of 2i / d_model (pair i counted, not column 2i)
    frequency_inverted,        // p * 10000^(2i / d_model): multiplied instead of divided
    odd_last_column_missing,   // odd d_model: the lone last sine left at 0 (a loop over whole pairs only)
    halves,                    // sines in the first d_model / 2 columns, cosines in the others
    divided_outside_sine,      // sin(p) / 10000^(2i / d_model): the division outside the sine
    parity_of_position,        // sine or cosine chosen by p % 2 instead of c % 2
    pair_rounded_up,           // exponent (c + c % 2) / d_model: a cosine column takes the next pair's frequency
    half_width_whole,          // exponent i / (d_model / 2) with d_model / 2 in whole numbers
    positions_over_length,     // the angle of p / length instead of p
    pairs_from_one,            // the pair index i = c / 2 + 1: exponent 2(i + 1) / d_model
    parity_of_pair,            // sine or cosine chosen by the pair's parity (c / 2) % 2 instead of c % 2
    d_model_divides_angle,     // p / std::pow(10000, 2i) / d_model: d_model outside the power, dividing
    d_model_over_power,        // p / (std::pow(10000, 2i) / d_model): d_model outside the power, multiplying
};

// `scale`: every angle multiplied by it (2 pi, as if p / 10000^(2i / d_model) counted turns).
arma::mat table_by_loops(arma::uword L, arma::uword d_model, TableSlip slip = TableSlip::none, double base = 10000.0,
                         double scale = 1.0) {
    arma::mat T(L, d_model);
    const double d = static_cast<double>(d_model);
    const arma::uword half = d_model / 2;
    for (arma::uword p = 0; p < L; ++p)
        for (arma::uword c = 0; c < d_model; ++c) {
            double i = static_cast<double>(c / 2);
            bool sine = c % 2 == 0;
            if (slip == TableSlip::halves) {  // column c < half: pair c's sine; else pair c - half's cosine
                sine = c < half;
                i = static_cast<double>(sine ? c : c - half);
            }
            double exponent = 2.0 * i / d;
            if (slip == TableSlip::frequency_per_column) exponent = static_cast<double>(c) / d;
            if (slip == TableSlip::frequency_per_column_2c) exponent = 2.0 * static_cast<double>(c) / d;
            if (slip == TableSlip::exponent_without_d_model) exponent = 2.0 * i;
            if (slip == TableSlip::integer_exponent) exponent = 0.0;
            if (slip == TableSlip::exponent_without_two) exponent = i / d;
            if (slip == TableSlip::pair_rounded_up) exponent = static_cast<double>(c + c % 2) / d;
            if (slip == TableSlip::half_width_whole) exponent = half == 0 ? 0.0 : i / static_cast<double>(half);
            if (slip == TableSlip::pairs_from_one) exponent = 2.0 * (i + 1.0) / d;
            double position = static_cast<double>(p) + (slip == TableSlip::positions_from_one ? 1.0 : 0.0);
            if (slip == TableSlip::positions_over_length) position /= static_cast<double>(L);
            if (slip == TableSlip::parity_of_position) sine = p % 2 == 0;
            if (slip == TableSlip::parity_of_pair) sine = (c / 2) % 2 == 0;
            if (slip == TableSlip::d_model_divides_angle || slip == TableSlip::d_model_over_power) exponent = 2.0 * i;
            double angle = slip == TableSlip::frequency_inverted ? position * std::pow(base, exponent)
                                                                 : position / std::pow(base, exponent);
            if (slip == TableSlip::d_model_divides_angle) angle /= d;
            if (slip == TableSlip::d_model_over_power) angle *= d;
            angle *= scale;
            if (slip == TableSlip::sine_cosine_swapped) sine = !sine;
            if (slip == TableSlip::divided_outside_sine)
                T(p, c) = (sine ? std::sin(position) : std::cos(position)) / std::pow(base, exponent);
            else
                T(p, c) = sine ? std::sin(angle) : std::cos(angle);
            if (slip == TableSlip::odd_last_column_missing && d_model % 2 == 1 && c + 1 == d_model) T(p, c) = 0.0;
        }
    if (slip != TableSlip::transposed) return T;
    arma::mat U(d_model, L);
    for (arma::uword p = 0; p < L; ++p)
        for (arma::uword c = 0; c < d_model; ++c) U(c, p) = T(p, c);
    return U;
}

// The base b of 10000^(2i / d_model) that the table T was made with, read from pair 1 at
// position 1 (PE(1, 2) = sin(w_1), PE(1, 3) = cos(w_1), w_1 = b^(-2 / d_model)), or 0
// when T cannot tell (fewer than 2 positions or 4 columns, or not such a table).
double base_of(const arma::mat& T, arma::uword L, arma::uword d_model) {
    if (L < 2 || d_model < 4 || T.n_rows != L || T.n_cols != d_model || !T.is_finite()) return 0;
    const double w1 = std::atan2(T(1, 2), T(1, 3));
    if (!(w1 > 0)) return 0;
    return std::pow(w1, -static_cast<double>(d_model) / 2.0);
}

// The factor c that every angle of T was multiplied by, read from position 1 in the last
// whole pair (the lowest frequency w, whose angle c w stays below pi for any c up to
// about 60), or 0 when T cannot tell (fewer than 2 positions or 2 columns).
double angle_scale_of(const arma::mat& T, arma::uword L, arma::uword d_model) {
    if (L < 2 || d_model < 2 || T.n_rows != L || T.n_cols != d_model || !T.is_finite()) return 0;
    const arma::uword i = d_model / 2 - 1;
    const double w = std::pow(10000.0, -2.0 * static_cast<double>(i) / static_cast<double>(d_model));
    return std::atan2(T(1, 2 * i), T(1, 2 * i + 1)) / w;
}

// Every natural wrong table of (L, d_model), as variants of probe p.
void table_variants(Probe& p, arma::uword L, arma::uword d_model) {
    auto as = [](const arma::mat& T) { return result("PE", T, kTable); };
    auto slip = [&](TableSlip s) { return as(table_by_loops(L, d_model, s)); };
    // A loop over whole pairs carries a slip of its own into an odd table: its last
    // column left at 0, or its last cosine written past the end. With any other slip
    // of the formula, the table is named by that slip.
    const TableSlip formula_slips[] = {TableSlip::sine_cosine_swapped,     TableSlip::frequency_per_column,
                                       TableSlip::frequency_per_column_2c, TableSlip::exponent_without_d_model,
                                       TableSlip::integer_exponent,        TableSlip::positions_from_one,
                                       TableSlip::exponent_without_two,    TableSlip::frequency_inverted,
                                       TableSlip::divided_outside_sine,    TableSlip::parity_of_position,
                                       TableSlip::pair_rounded_up,         TableSlip::positions_over_length,
                                       TableSlip::pairs_from_one,          TableSlip::parity_of_pair,
                                       TableSlip::d_model_divides_angle,   TableSlip::d_model_over_power};
    const Mistake* named[] = {&m::pe_sine_cosine_swapped,     &m::pe_frequency_per_column, &m::pe_frequency_per_column,
                              &m::pe_exponent_without_d_model, &m::pe_integer_exponent,     &m::pe_positions_from_one,
                              &m::pe_exponent_without_two,     &m::pe_frequency_inverted,   &m::pe_divided_outside_sine,
                              &m::pe_parity_of_position,       &m::pe_frequency_per_column, &m::pe_positions_divided_by_length,
                              &m::pe_pairs_counted_from_one,   &m::pe_parity_of_position,   &m::pe_d_model_outside_the_power,
                              &m::pe_d_model_outside_the_power};
    // (i / (d_model / 2) in whole numbers is wrong only for an odd d_model, where such a loop
    // hides it: not among them)
    const bool odd = d_model % 2 == 1 && L > 0;
    for (std::size_t k = 0; k < std::size(formula_slips); ++k) {
        arma::mat T = table_by_loops(L, d_model, formula_slips[k]);
        if (odd) T.col(d_model - 1).zeros();
        const std::string how = formula_slips[k] == TableSlip::frequency_per_column_2c ? "exponent 2c / d_model"
                                : formula_slips[k] == TableSlip::frequency_per_column  ? "exponent c / d_model"
                                : formula_slips[k] == TableSlip::pair_rounded_up       ? "exponent (c + c % 2) / d_model"
                                : formula_slips[k] == TableSlip::parity_of_pair        ? "(c / 2) % 2"
                                : formula_slips[k] == TableSlip::d_model_divides_angle ? "p / pow / d_model"
                                : formula_slips[k] == TableSlip::d_model_over_power    ? "p / (pow / d_model)"
                                                                                       : "";
        p.variant(*named[k], as(T)).labelled(how + (how.empty() ? "" : ", ") + "a loop over whole pairs").combined();
        p.variant(*named[k], odd ? Result::throws(Threw::armadillo_index) : slip(formula_slips[k]))
            .labelled(how + (how.empty() ? "" : ", ") + "a loop over pairs past the end")
            .combined();
    }
    // any other base: read from the learner's table, which must then be that base's table
    const arma::uword l = L, dm = d_model;
    const bool readable = L >= 2 && d_model >= 4;  // else every base gives the right table
    p.variant_fitting(
        m::pe_base_not_10000, as(table_by_loops(L, d_model, TableSlip::none, readable ? std::exp(4.0) : 1e4)),
        [l, dm, readable](const Result& r) {
            if (r.threw != Threw::nothing || r.parts.size() != 1) return false;
            const arma::mat& T = r.parts[0].value;
            if (!readable) return agree(T, table_by_loops(l, dm), 1e-9);
            const double b = base_of(T, l, dm);
            auto near = [b](double x) { return std::abs(b - x) <= 0.01 * x; };
            if (!(b >= 2 && b <= 1e7) || near(100) || near(1e3) || near(1e4) || near(1e5)) return false;
            return agree(T, table_by_loops(l, dm, TableSlip::none, b), 1e-9);
        },
        "another number: std::log10 where std::log belongs, for one, makes it e^4");
    // every angle times a constant (2 pi, or a conversion from degrees): read from the table,
    // which must then be that constant's table (two constants are slips of their own)
    p.variant_fitting(
        m::pe_angle_scaled, as(table_by_loops(L, d_model, TableSlip::none, 1e4, L >= 2 ? 2 * M_PI : 1.0)),
        [l, dm](const Result& r) {
            if (r.threw != Threw::nothing || r.parts.size() != 1) return false;
            const arma::mat& T = r.parts[0].value;
            if (l < 2 || dm < 2) return agree(T, table_by_loops(l, dm), 1e-9);  // no angle but 0 to scale
            const double c = angle_scale_of(T, l, dm);
            auto near = [c](double x) { return std::abs(c - x) <= 1e-6 * x; };
            // (1 / L: the positions divided by the length; 10000^(-2 / d_model): the pairs counted from 1)
            if (!(c > 0) || near(1.0) || near(1.0 / static_cast<double>(l)) ||
                near(std::pow(1e4, -2.0 / static_cast<double>(dm))))
                return false;
            return agree(T, table_by_loops(l, dm, TableSlip::none, 1e4, c), 1e-9);
        });
    p.variant(m::pe_sine_cosine_swapped, slip(TableSlip::sine_cosine_swapped))
        .variant(m::pe_frequency_per_column, slip(TableSlip::frequency_per_column))
        .labelled("exponent c / d_model")
        .variant(m::pe_frequency_per_column, slip(TableSlip::frequency_per_column_2c))
        .labelled("exponent 2c / d_model")
        .variant(m::pe_table_transposed, slip(TableSlip::transposed))
        .variant(m::pe_exponent_without_d_model, slip(TableSlip::exponent_without_d_model))
        .variant(m::pe_integer_exponent, slip(TableSlip::integer_exponent))
        .variant(m::pe_positions_from_one, slip(TableSlip::positions_from_one))
        .variant(m::pe_exponent_without_two, slip(TableSlip::exponent_without_two))
        .variant(m::pe_frequency_inverted, slip(TableSlip::frequency_inverted))
        .variant(m::pe_odd_last_column_missing, slip(TableSlip::odd_last_column_missing))
        .variant(m::pe_divided_outside_sine, slip(TableSlip::divided_outside_sine))
        .variant(m::pe_parity_of_position, slip(TableSlip::parity_of_position))
        .variant(m::pe_parity_of_position, slip(TableSlip::parity_of_pair))
        .labelled("(c / 2) % 2")
        .variant(m::pe_d_model_outside_the_power, slip(TableSlip::d_model_divides_angle))
        .labelled("p / pow / d_model")
        .variant(m::pe_d_model_outside_the_power, slip(TableSlip::d_model_over_power))
        .labelled("p / (pow / d_model)")
        .variant(m::pe_frequency_per_column, slip(TableSlip::pair_rounded_up))
        .labelled("exponent (c + c % 2) / d_model")
        .variant(m::pe_half_width_in_whole_numbers, slip(TableSlip::half_width_whole))
        .variant(m::pe_positions_divided_by_length, slip(TableSlip::positions_over_length))
        .variant(m::pe_pairs_counted_from_one, slip(TableSlip::pairs_from_one))
        .variant(m::pe_base_not_10000, as(table_by_loops(L, d_model, TableSlip::none, 1e5)), "10e4, which is 100000")
        .labelled("10e4")
        .variant(m::pe_base_not_10000, as(table_by_loops(L, d_model, TableSlip::none, 1e3)), "1000, a zero short")
        .labelled("1e3");
    // the first half sines, the second half cosines: a layout for an even d_model
    if (d_model % 2 == 0) p.variant(m::pe_halves_not_interleaved, slip(TableSlip::halves));
    // an odd d_model with a loop over pairs that writes both columns of the last one:
    // column d_model is past the end, and Armadillo refuses the index
    // length 0 refused: the contract gives a 0 x d_model table
    p.variant(m::pe_length_zero_refused, L == 0 ? Result::throws(Threw::input_error, "positional_encoding:")
                                                : as(table_by_loops(L, d_model)));
    p.variant(m::pe_odd_cosine_past_the_end,
              d_model % 2 == 1 && L > 0 ? Result::throws(Threw::armadillo_index) : as(table_by_loops(L, d_model)));
}

Diagnosis positional_encoding_diagnosis() {
    Diagnosis d("positional_encoding");
    // (600 positions: more than a table made once for a model's context, 512, and cut)
    const std::vector<std::pair<arma::uword, arma::uword>> sizes = {{5, 6}, {7, 5}, {0, 4}, {600, 8}};
    for (const auto& [L, d_model] : sizes) {
        const arma::uword l = L, dm = d_model;
        Probe& p = d.probe("positional_encoding(" + std::to_string(l) + ", " + std::to_string(dm) + ")",
                           [l, dm] { return result("PE", attn::positional_encoding(l, dm), kTable); },
                           result("PE", table_by_loops(l, dm), kTable));
        table_variants(p, l, dm);
        p.quantity("d_model", static_cast<double>(dm));
    }
    return d;
}

// A BOOST_TEST of the shape, worded for the learner; true when it is right.
bool has_shape(const arma::mat& M, arma::uword rows, arma::uword cols, const std::string& what) {
    const bool ok = M.n_rows == rows && M.n_cols == cols;
    BOOST_TEST(ok, what << " should be " << rows << "x" << cols << " (one row per position, one column per "
                        << "dimension); got " << M.n_rows << "x" << M.n_cols);
    return ok;
}

// X with rows of very different ranges and no two columns alike.
arma::mat uneven_rows(arma::uword L, arma::uword d, int seed) {
    arma::arma_rng::set_seed(seed);
    arma::mat X = arma::randn(L, d);
    for (arma::uword p = 0; p < L; ++p) X.row(p) *= std::pow(3.0, static_cast<double>(p));
    return X;
}

// ---------------------------------------------------------------- add_positions
const Axes kSum = axes("position", "feature");
const char* const kSumPart = "add_positions(X, PE)";

// Rows a .. a + n - 1 of M, by loops.
arma::mat rows_by_loops(const arma::mat& M, arma::uword a, arma::uword n) {
    arma::mat R(n, M.n_cols);
    for (arma::uword r = 0; r < n; ++r)
        for (arma::uword c = 0; c < M.n_cols; ++c) R(r, c) = M(a + r, c);
    return R;
}

// What a variant gives: a result, or (for an error whose message may name the two
// shapes in either order) an example and the results that count as it.
struct Expect {
    Result example;
    std::function<bool(const Result&)> fits;
};
Expect gives(Result r) { return {std::move(r), nullptr}; }
// Armadillo refusing to add (or subtract) matrices of shapes a and b, in either order:
// "addition: incompatible matrix dimensions: 3x5 and 6x5".
Expect refused_sum(const std::string& a, const std::string& b) {
    return {Result::throws(Threw::armadillo_size, "incompatible matrix dimensions: " + a + " and " + b),
            [a, b](const Result& r) {
                return r.threw == Threw::armadillo_size && mentions(r.message, "incompatible matrix dimensions") &&
                       mentions(r.message, a) && mentions(r.message, b);
            }};
}
Probe& declare(Probe& p, const Mistake& mk, const Expect& e, const std::string& detail = "") {
    return e.fits ? p.variant_fitting(mk, e.example, e.fits, detail) : p.variant(mk, e.example, detail);
}

// Every natural wrong add_positions of (X, PE), as variants of probe p. A slip made
// with PE.rows(a, L - 1) also breaks on an empty X (0 - 1 wraps round to the largest
// index), where PE.head_rows(L), a loop, or a guard for an empty X do not: those are
// two ways of the slip, told apart by the empty X only.
void add_variants(Probe& p, const arma::mat& X, const arma::mat& PE) {
    const arma::uword L = X.n_rows, d = X.n_cols, Lmax = PE.n_rows;
    const bool empty = L == 0;
    auto as = [](const arma::mat& M) { return gives(result(kSumPart, M, kSum)); };
    const arma::mat head = rows_by_loops(PE, 0, L);
    const Expect right = as(X + head);
    const Expect out_of_bounds = gives(Result::throws(Threw::armadillo_index));
    const std::string x = shape(L, d);
    // PE read through memptr() with X's row count as its step, pe[c * L + r]: right when PE is
    // exactly as long as X
    if (L > 0 && Lmax > L && d > 1) {
        arma::mat read(L, d);
        for (arma::uword c = 0; c < d; ++c)
            for (arma::uword r = 0; r < L; ++r) read(r, c) = PE.memptr()[c * L + r];
        declare(p, mistake_of(StorageRead::step_of_n_cols), as(X + read), "X + PE, reading PE with X's row count");
    }
    // two ways of one slip: written so that an empty X comes back right (a guard,
    // head_rows, a loop), or without that guard (`unguarded` on an empty X)
    auto two_ways = [&](const Mistake& mk, const std::string& how, const Expect& on_tokens, const Expect& unguarded,
                        bool unguarded_is_a_second_slip, const std::string& detail = "") {
        declare(p, mk, empty ? right : on_tokens, detail).labelled(how);
        declare(p, mk, empty ? unguarded : on_tokens, detail).labelled(how + ", nothing for an empty X");
        if (unguarded_is_a_second_slip) p.combined();
    };
    two_ways(m::add_positions_replaces_x, "PE's first L rows alone", as(head), out_of_bounds, true);
    // rows 1 .. L: past the end of a table exactly as long as X
    two_ways(m::add_positions_off_by_one, "X + PE.rows(1, L)",
             !empty && Lmax > L ? as(X + rows_by_loops(PE, 1, L)) : out_of_bounds, out_of_bounds, false);
    // X and its codes side by side, L x 2 d_model
    arma::mat side(L, 2 * d);
    if (!empty) side = arma::join_rows(X, head);
    two_ways(m::add_positions_concatenated, "arma::join_rows(X, PE.rows(0, L - 1))", as(side), out_of_bounds, true);
    declare(p, m::add_positions_concatenated, as(side)).labelled("arma::join_rows(X, PE.head_rows(L))");
    // stacked: X above its codes, 2L x d_model
    arma::mat stacked(2 * L, d);
    if (!empty) stacked = arma::join_cols(X, head);
    declare(p, m::add_positions_concatenated, as(empty ? arma::mat(0, d) : stacked)).labelled("arma::join_cols(X, PE.head_rows(L))");
    // X + PE: the whole table, refused unless PE is exactly as long as X
    two_ways(m::add_positions_whole_table, "X + PE", Lmax == L ? right : refused_sum(x, shape(Lmax, d)),
             refused_sum(x, shape(Lmax, d)), false);
    // the result started from a copy of PE and X added to its first L rows: PE's rows past L kept
    {
        arma::mat out = PE;
        for (arma::uword r = 0; r < L; ++r)
            for (arma::uword c = 0; c < d; ++c) out(r, c) += X(r, c);
        declare(p, m::add_positions_whole_table, as(out)).labelled("out = PE, X added to its first L rows");
    }
    // PE.rows(0, L): one row too many, or past the end of a table as long as X
    two_ways(mistake_of(OneTooMany::span_end), "X + PE.rows(0, L)",
             Lmax > L ? refused_sum(x, shape(L + 1, d)) : out_of_bounds, refused_sum(x, shape(1, d)), false,
             "in add_positions, X + PE.head_rows(X.n_rows): its first L rows, also for an empty X");
    // an empty X: PE.rows(0, L - 1) with L - 1 wrapped round to the largest index
    declare(p, mistake_of(OneTooMany::empty_range), empty ? out_of_bounds : right);
    // an empty X given back as a 0x0 matrix, not 0 x d_model
    declare(p, m::add_positions_empty_loses_width, empty ? as(arma::mat()) : right);
    // the loop over the positions one short: the last token (p + 1 < L, or p < L - 1, which
    // wraps round for an empty X) or the first (p from 1) keeps its embedding without its code
    if (!empty) {
        arma::mat no_last = X + head, no_first = X + head;
        no_last.row(L - 1) = X.row(L - 1);
        no_first.row(0) = X.row(0);
        two_ways(m::add_positions_loop_one_short, "the last position skipped", as(no_last), out_of_bounds, false);
        declare(p, m::add_positions_loop_one_short, as(no_first)).labelled("the first position skipped");
    } else {
        two_ways(m::add_positions_loop_one_short, "the last position skipped", right, out_of_bounds, false);
        declare(p, m::add_positions_loop_one_short, right).labelled("the first position skipped");
    }
    // X - PE
    two_ways(m::add_positions_subtracted, "X - PE's first L rows", as(X - head), out_of_bounds, true);
    // PE read as PE(c, p), its two indices swapped: past its end where c >= Lmax or p >= d
    {
        bool inside = true;
        arma::mat swapped(L, d);
        for (arma::uword r = 0; r < L; ++r)
            for (arma::uword c = 0; c < d; ++c) {
                if (c >= Lmax || r >= PE.n_cols) inside = false;
                else swapped(r, c) = X(r, c) + PE(c, r);
            }
        declare(p, m::add_positions_pe_indices_swapped, inside ? as(swapped) : out_of_bounds);
    }
    // X scaled by sqrt(d_model) before the codes are added; X and the codes multiplied
    two_ways(m::add_positions_x_scaled, "sqrt(d_model) X + PE's first L rows",
             as(X * std::sqrt(static_cast<double>(d)) + head), out_of_bounds, true);
    two_ways(m::add_positions_multiplied, "X % PE's first L rows", as(X % head), out_of_bounds, true);
    // the first L columns of PE instead of its first L rows: Lmax x L, or past its last column
    const Expect columns = L > PE.n_cols ? out_of_bounds : refused_sum(x, shape(Lmax, L));
    two_ways(m::add_positions_columns_not_rows, "X + PE.cols(0, L - 1)", columns, out_of_bounds, false);
    declare(p, m::add_positions_columns_not_rows, empty ? refused_sum(x, shape(Lmax, 0)) : columns)
        .labelled("X + PE.head_cols(L)");
    // PE.head_rows(X.n_cols): as many codes as X has columns
    const Expect by_width = d > Lmax ? out_of_bounds : d == L ? right : refused_sum(x, shape(d, d));
    declare(p, m::add_positions_length_from_width, by_width);
    // the length rule written wrongly: PE.n_rows > X.n_rows, or PE.n_rows == X.n_rows
    const Expect refused = gives(Result::throws(Threw::shape_error, "add_positions:"));
    declare(p, m::add_positions_refuses_exact_length, Lmax == L ? refused : right);
    declare(p, m::add_positions_refuses_longer_table, Lmax != L ? refused : right);
    // the right sum of other rows of the table: position 0's code for every token, or the
    // table's last L rows
    if (!empty) {
        p.on_other_input(result(kSumPart, X + arma::repmat(PE.row(0), L, 1), kSum),
                         "PE.row(0) added to every token: each token t needs its own position's code, PE.row(t)");
        if (Lmax > L)
            p.on_other_input(result(kSumPart, X + rows_by_loops(PE, Lmax - L, L), kSum),
                             "the table's last L rows (PE.tail_rows(L)): token t takes PE.row(t), the first L rows");
        // the given PE left unread, a table computed afresh added instead (right only where PE
        // is that table)
        p.on_other_input(result(kSumPart, X + table_by_loops(L, d), kSum),
                         "a table of its own, positional_encoding(L, d_model), in place of the PE it was given: the "
                         "caller's table may be another one (learned, or made for a longer sentence), so add the "
                         "first L rows of PE itself, X + PE.head_rows(X.n_rows)");
    }
    if (!empty) p.term("X", kSumPart, X).term("PE's first L rows", kSumPart, head);
}

Diagnosis add_positions_diagnosis() {
    Diagnosis d("add_positions");
    const std::vector<std::tuple<std::string, arma::mat, arma::mat>> inputs = {
        {"X 3x5 with a longer table PE 6x5", uneven_rows(3, 5, 81), uneven_rows(6, 5, 82) * 0.1},
        // the same shapes with other values: a result kept for those shapes shows
        {"X 3x5 with PE 6x5 again, other numbers", uneven_rows(3, 5, 88) * -1.0, uneven_rows(6, 5, 89) * 0.2},
        {"\"I love LLMs\" (X 3x4) with the codes of 10 positions", {{0, 0, 1, 1}, {0, 1, 0, 1}, {1, 0, 0, 1}},
         table_by_loops(10, 4)},
        {"X 4x3 with a table exactly as long, PE 4x3", uneven_rows(4, 3, 83), uneven_rows(4, 3, 84)},
        {"an empty X (0x4) with PE 5x4", arma::mat(0, 4), uneven_rows(5, 4, 85)}};
    for (const auto& [input, X, PE] : inputs) {
        const arma::mat x = X, pe = PE;
        Probe& p = d.probe(input, [x, pe] { return result(kSumPart, attn::add_positions(x, pe), kSum); },
                           result(kSumPart, x + rows_by_loops(pe, 0, x.n_rows), kSum));
        add_variants(p, x, pe);
    }
    return d;
}

// ---------------------------------------------------------------- position_similarity
const Axes kSimilarity = entries("position");

// The first n entries of the right row: PE(p) . PE(j) for j < n.
arma::rowvec similarity_head(const arma::mat& PE, arma::uword p, arma::uword n) {
    arma::rowvec s(n, arma::fill::zeros);
    for (arma::uword j = 0; j < n; ++j)
        for (arma::uword c = 0; c < PE.n_cols; ++c) s(j) += PE(p, c) * PE(j, c);
    return s;
}

// Entry j of each variant of position_similarity, by loops, as variants of probe pr.
arma::rowvec similarity_by_loops(const arma::mat& PE, arma::uword p);  // below, with the diagnosis

void similarity_variants(Probe& pr, const arma::mat& PE, arma::uword p) {
    const arma::uword L = PE.n_rows, d = PE.n_cols;
    auto as = [](const arma::rowvec& s) { return result("s", arma::mat(s), kSimilarity); };
    arma::rowvec cosine(L), distance(L), squared(L), per_half(L), per_d(L), per_root(L), own(L);
    for (arma::uword j = 0; j < L; ++j) {
        double dot = 0, np = 0, nj = 0;
        for (arma::uword c = 0; c < d; ++c) {
            dot += PE(p, c) * PE(j, c);
            np += PE(p, c) * PE(p, c);
            nj += PE(j, c) * PE(j, c);
        }
        cosine(j) = dot / std::sqrt(np * nj);
        own(j) = nj;  // row j against itself
        squared(j) = np + nj - 2 * dot;  // |PE(p) - PE(j)|^2
        double ss = 0;
        for (arma::uword c = 0; c < d; ++c) ss += (PE(p, c) - PE(j, c)) * (PE(p, c) - PE(j, c));
        distance(j) = std::sqrt(ss);
        per_half(j) = dot / (static_cast<double>(d) / 2.0);
        per_d(j) = dot / static_cast<double>(d);
        per_root(j) = dot / std::sqrt(static_cast<double>(d));
    }
    // column p against every column (PE.col(p).t() * PE); past the last column Armadillo refuses p
    if (p < d) {
        arma::rowvec by_columns(d);
        for (arma::uword j = 0; j < d; ++j) {
            double dot = 0;
            for (arma::uword r = 0; r < L; ++r) dot += PE(r, p) * PE(r, j);
            by_columns(j) = dot;
        }
        pr.variant(m::similarity_over_columns, as(by_columns));
    } else {
        pr.variant(m::similarity_over_columns, Result::throws(Threw::armadillo_index));
    }
    // each row against itself, PE(j, c) * PE(j, c): a line copied and one index not changed
    pr.variant(m::similarity_row_with_itself, as(own));
    // PE read through memptr() as if stored row by row, pe[p * d + c] * pe[j * d + c]
    if (L > 1 && d > 1) {
        const arma::mat stored = read_row_major(PE);
        pr.variant(mistake_of(StorageRead::row_major), as(similarity_by_loops(stored, p)),
                   "the dot products PE(p) . PE(j), reading PE");
        // ... or row p alone, as d entries from memptr() + p * d, against rows read as rows
        arma::rowvec chunk(L, arma::fill::zeros);
        for (arma::uword j = 0; j < L; ++j)
            for (arma::uword c = 0; c < d; ++c) chunk(j) += stored(p, c) * PE(j, c);
        pr.variant(mistake_of(StorageRead::row_major), as(chunk), "the dot products PE(p) . PE(j), reading PE(p)")
            .labelled("row p alone, from memptr() + p * d");
    }
    // every sum started from 1 (arma::fill::ones) instead of 0
    arma::rowvec from_one(L);
    for (arma::uword j = 0; j < L; ++j) {
        double dot = 1.0;
        for (arma::uword c = 0; c < d; ++c) dot += PE(p, c) * PE(j, c);
        from_one(j) = dot;
    }
    pr.variant(m::sum_started_at_one, as(from_one));
    // every entry against position 0: PE.row(0) where PE.row(p) belongs
    pr.variant(m::similarity_of_position_zero, as(similarity_head(PE, 0, L)));
    // each product PE(p, c) PE(j, c) summed down the column c, over the positions j (arma::sum(M))
    arma::rowvec down(d, arma::fill::zeros);
    for (arma::uword c = 0; c < d; ++c)
        for (arma::uword j = 0; j < L; ++j) down(c) += PE(p, c) * PE(j, c);
    // PE.row(p) * PE, without the .t(): 1 x d times L x d
    Result untransposed = Result::throws(Threw::armadillo_size, "matrix multiplication: incompatible matrix dimensions: " +
                                                                    shape(1, d) + " and " + shape(L, d));
    if (d == L) {
        arma::rowvec u(L, arma::fill::zeros);
        for (arma::uword j = 0; j < L; ++j)
            for (arma::uword c = 0; c < d; ++c) u(j) += PE(p, c) * PE(c, j);
        untransposed = as(u);
    }
    pr.variant(m::similarity_cosine, as(cosine))
        .variant(m::similarity_distance_not_dot, as(squared))
        .labelled("the squared distance")
        .variant(m::similarity_distance_not_dot, as(distance))
        .labelled("the distance")
        // a column, L x 1, which an arma::rowvec refuses to hold
        .variant(m::similarity_as_column, Result::throws(Threw::armadillo_size, "row vector"))
        .variant(m::similarity_summed_over_positions, as(down))
        .variant(m::similarity_missing_transpose, untransposed)
        .labelled("PE.row(p) * PE")
        .variant(m::similarity_normalised, as(per_half), "divided by d_model / 2")
        .labelled("d_model / 2")
        .variant(m::similarity_normalised, as(per_d), "divided by d_model")
        .labelled("d_model")
        .variant(m::similarity_normalised, as(per_root), "divided by sqrt(d_model), as attention divides its scores")
        .labelled("sqrt(d_model)");
    // the same product a column at a time, as_scalar(PE.row(p) * PE.col(j)) or
    // arma::dot(PE.row(p), PE.col(j)): a row against a column, which fit only where L = d_model
    // (Armadillo's size error, worded by whichever call refused them)
    if (d == L) {
        pr.variant(m::similarity_missing_transpose, untransposed);
    } else {
        pr.variant_fitting(m::similarity_missing_transpose, Result::throws(Threw::armadillo_size, "as_scalar"),
                           [](const Result& r) { return r.threw == Threw::armadillo_size; });
    }
    pr.labelled("PE.row(p) . PE.col(j)");
    // the row of another position: positions counted from 1
    pr.on_other_input(p >= 1 ? as(similarity_head(PE, p - 1, L)) : Result::throws(Threw::armadillo_index),
                      "the position p - 1 in place of p (positions count from 0: row p of PE is position p)")
        .on_other_input(p + 1 < L ? as(similarity_head(PE, p + 1, L)) : Result::throws(Threw::armadillo_index),
                        "the position p + 1 in place of p (positions count from 0: row p of PE is position p)");
    // one entry per column: the loop over j ran to PE.n_cols
    if (d <= L) pr.variant(m::similarity_one_entry_per_column, as(similarity_head(PE, p, d)));
    else pr.variant(m::similarity_one_entry_per_column, Result::throws(Threw::armadillo_index));
    // p checked against the width: a position past the last column refused
    pr.variant(m::similarity_position_checked_against_width,
               p >= d ? Result::throws(Threw::input_error, "position_similarity:") : as(similarity_head(PE, p, L)));
    // entry p set to 0; only the entries j <= p filled; entry j from the offset |p - j| alone
    arma::rowvec right = similarity_head(PE, p, L), own_zeroed = right, earlier = right, offsets(L);
    own_zeroed(p) = 0.0;
    for (arma::uword j = p + 1; j < L; ++j) earlier(j) = 0.0;
    for (arma::uword j = 0; j < L; ++j) offsets(j) = similarity_head(PE, 0, L)(j > p ? j - p : p - j);
    pr.variant(m::similarity_own_position_zeroed, as(own_zeroed))
        .variant(m::similarity_only_earlier_positions, as(earlier))
        .labelled("j <= p");
    earlier(p) = 0.0;
    pr.variant(m::similarity_only_earlier_positions, as(earlier)).labelled("j < p").combined();
    pr.variant(m::similarity_from_offsets, as(offsets)).labelled("PE.row(0) . PE.row(|p - j|)");
    // entry k as the offset k from p, PE(p) . PE(p + k) (the chapter's PE(p).PE(p+k)): the
    // entries past the end left 0, or only the L - p offsets that fit
    {
        arma::rowvec from_p(L, arma::fill::zeros);
        for (arma::uword k = 0; p + k < L; ++k)
            for (arma::uword c = 0; c < d; ++c) from_p(k) += PE(p, c) * PE(p + k, c);
        pr.variant(m::similarity_from_offsets, as(from_p)).labelled("PE.row(p) . PE.row(p + k), 0 past the end");
        pr.variant(m::similarity_from_offsets, as(arma::rowvec(from_p.head(L - p))))
            .labelled("PE.row(p) . PE.row(p + k), L - p entries");
    }
    // the last column left out of each dot product: the sums over whole sin/cos pairs
    // (columns 2i and 2i + 1 for i < d_model / 2: an odd d_model's lone last column), or a
    // loop over the columns one short (c < d_model - 1)
    for (const bool pairs : {true, false}) {
        const arma::uword cols = pairs ? 2 * (d / 2) : d - 1;
        arma::rowvec s(L, arma::fill::zeros);
        for (arma::uword j = 0; j < L; ++j)
            for (arma::uword c = 0; c < cols; ++c) s(j) += PE(p, c) * PE(j, c);
        pr.variant(m::similarity_last_column_left_out, as(s))
            .labelled(pairs ? "whole pairs, i < d_model / 2" : "c < d_model - 1");
    }
    // the softmax of the dot products, scaled by 1 / sqrt(d_model) or not
    for (const double scale : {std::sqrt(static_cast<double>(d)), 1.0}) {
        arma::rowvec w(L);
        double top = -INFINITY, sum = 0;
        for (arma::uword j = 0; j < L; ++j) top = std::max(top, right(j) / scale);
        for (arma::uword j = 0; j < L; ++j) sum += w(j) = std::exp(right(j) / scale - top);
        for (arma::uword j = 0; j < L; ++j) w(j) /= sum;
        pr.variant(m::similarity_softmaxed, as(w),
                   scale == 1.0 ? "the softmax of PE.row(p) * PE.t()"
                                : "the softmax of PE.row(p) * PE.t() / sqrt(d_model), as attention takes it")
            .labelled(scale == 1.0 ? "unscaled" : "sqrt(d_model)");
    }
    pr.quantity("d_model", static_cast<double>(d)).quantity("L", static_cast<double>(L));
}

arma::rowvec similarity_by_loops(const arma::mat& PE, arma::uword p) {
    arma::rowvec s(PE.n_rows, arma::fill::zeros);
    for (arma::uword j = 0; j < PE.n_rows; ++j)
        for (arma::uword c = 0; c < PE.n_cols; ++c) s(j) += PE(p, c) * PE(j, c);
    return s;
}

Diagnosis position_similarity_diagnosis() {
    Diagnosis d("position_similarity");
    const std::vector<std::tuple<std::string, arma::mat, arma::uword>> inputs = {
        {"PE 7x4 with rows of different lengths, position 2", uneven_rows(7, 4, 86), 2},
        // another table of the same width, called next: a row of PE kept from the call before
        // (a static set again only for another width) shows here
        {"PE 5x4 with rows of different lengths, position 3", uneven_rows(5, 4, 87), 3},
        {"the sinusoidal table 40x10, position 7", table_by_loops(40, 10), 7},
        {"PE 5x5 with rows of different lengths, the last position 4", uneven_rows(5, 5, 90), 4},
        {"PE 6x3 with rows of different lengths, position 4 (past the last column)", uneven_rows(6, 3, 91), 4},
        // the first table's shape with other values: a result (or PE PE^T) kept from an
        // earlier call for that shape shows
        {"another PE 7x4 with rows of different lengths, position 2", uneven_rows(7, 4, 92), 2}};
    for (const auto& [input, PE, p] : inputs) {
        const arma::mat pe = PE;
        const arma::uword at = p;
        Probe& pr = d.probe(input, [pe, at] { return result("s", arma::mat(attn::position_similarity(pe, at)), kSimilarity); },
                            result("s", arma::mat(similarity_by_loops(pe, at)), kSimilarity));
        similarity_variants(pr, pe, at);
        // the similarity of the sinusoidal table of PE's size, not of PE: the sum of cosines
        // of chapter 08's identity, or a table made afresh, in place of the rows given (where
        // d_model is even: an odd one ends in a lone sine, which the identity does not cover)
        if (pe.n_cols % 2 == 0 && !arma::approx_equal(pe, table_by_loops(pe.n_rows, pe.n_cols), "absdiff", 1e-12))
            pr.on_other_input(result("s", arma::mat(similarity_by_loops(table_by_loops(pe.n_rows, pe.n_cols), at)),
                                     kSimilarity),
                              "the sinusoidal table of PE's size in place of PE: the similarity was worked out from "
                              "the formula (cos(a - b) summed over the pairs, or a table made afresh), not from the "
                              "rows of the PE it was given; take the dot product of PE.row(p) with each row of PE");
    }
    return d;
}

// PE(p) . PE(p + k) from the formula: sin a sin b + cos a cos b = cos(a - b),
// one cosine per complete pair, so sum_i cos(k / 10000^(2i / d_model)).
double similarity_by_formula(arma::uword k, arma::uword d_model) {
    double s = 0;
    for (arma::uword i = 0; 2 * i + 1 < d_model; ++i)
        s += std::cos(static_cast<double>(k) / std::pow(10000.0, 2.0 * static_cast<double>(i) / static_cast<double>(d_model)));
    return s;
}

}  // namespace

// ==================================================================== positional_encoding
BOOST_AUTO_TEST_SUITE(positional_encoding)

BOOST_AUTO_TEST_CASE(matches_the_formula_for_an_even_and_an_odd_d_model) {
    // 5 positions x 6 dimensions, 7 x 5 (whose last column is a lone sine), and 0 x 4
    positional_encoding_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(matches_the_formula_for_an_odd_d_model_whose_last_column_is_a_sine) {
    const arma::mat PE = attn::positional_encoding(7, 5);
    BOOST_TEST(matrices_close(PE, table_by_loops(7, 5), 1e-12, "positional_encoding(7, 5)", kTable));
    if (has_shape(PE, 7, 5, "positional_encoding(7, 5)"))
        BOOST_TEST(std::abs(PE(3, 4) - std::sin(3.0 / std::pow(10000.0, 4.0 / 5.0))) < 1e-12,
                   "column 4 of a 5-wide table is the sine of pair 2, sin(p / 10000^(4/5)); got " << PE(3, 4)
                                                                                                   << " at position 3");
}

BOOST_AUTO_TEST_CASE(row_zero_is_zero_one_zero_one) {
    const arma::mat PE = attn::positional_encoding(4, 7);
    if (!has_shape(PE, 4, 7, "positional_encoding(4, 7)")) return;
    for (arma::uword c = 0; c < 7; ++c) {
        const double expected = c % 2 == 0 ? 0.0 : 1.0;  // sin 0 and cos 0
        BOOST_TEST(std::abs(PE(0, c) - expected) < 1e-15,
                   "position 0 has angle 0 in every pair: column " << c << " must be " << expected << " ("
                                                                    << (c % 2 == 0 ? "sin 0" : "cos 0") << "), got "
                                                                    << PE(0, c));
    }
}

BOOST_AUTO_TEST_CASE(every_entry_lies_between_minus_one_and_one) {
    const arma::mat PE = attn::positional_encoding(300, 10);
    if (!has_shape(PE, 300, 10, "positional_encoding(300, 10)")) return;
    for (arma::uword k = 0; k < PE.n_elem; ++k)
        if (!(PE(k) >= -1.0 && PE(k) <= 1.0)) {
            BOOST_TEST(false, "every entry is a sine or a cosine, so within [-1, 1]; got " << PE(k) << " at row "
                                                                                          << k % 300 << ", column "
                                                                                          << k / 300);
            return;
        }
}

BOOST_AUTO_TEST_CASE(each_sine_cosine_pair_has_squared_sum_one) {
    const arma::mat PE = attn::positional_encoding(100, 12);
    if (!has_shape(PE, 100, 12, "positional_encoding(100, 12)")) return;
    for (arma::uword p = 0; p < 100; ++p)
        for (arma::uword c = 0; c < 12; c += 2) {
            const double r = PE(p, c) * PE(p, c) + PE(p, c + 1) * PE(p, c + 1);
            if (std::abs(r - 1.0) > 1e-12) {
                BOOST_TEST(false, "columns " << c << " and " << c + 1 << " are the sine and cosine of ONE angle, so "
                                             << "their squares sum to 1; at position " << p << " they sum to " << r
                                             << " (do both columns use the same frequency?)");
                return;
            }
        }
}

BOOST_AUTO_TEST_CASE(a_code_dotted_with_itself_is_half_d_model) {
    const arma::mat PE = attn::positional_encoding(50, 10);
    if (!has_shape(PE, 50, 10, "positional_encoding(50, 10)")) return;
    for (arma::uword p = 0; p < 50; ++p) {
        double self = 0;
        for (arma::uword c = 0; c < 10; ++c) self += PE(p, c) * PE(p, c);
        BOOST_TEST(std::abs(self - 5.0) < 1e-12,
                   "five pairs, each sin^2 + cos^2 = 1: position " << p << " dotted with itself must be 5, got " << self);
    }
}

BOOST_AUTO_TEST_CASE(every_position_gets_a_code_of_its_own) {
    const arma::mat PE = attn::positional_encoding(200, 8);
    if (!has_shape(PE, 200, 8, "positional_encoding(200, 8)")) return;
    double closest = INFINITY;
    for (arma::uword p = 0; p < 200; ++p)
        for (arma::uword q = p + 1; q < 200; ++q) {
            double d2 = 0;
            for (arma::uword c = 0; c < 8; ++c) d2 += (PE(p, c) - PE(q, c)) * (PE(p, c) - PE(q, c));
            closest = std::min(closest, std::sqrt(d2));
        }
    BOOST_TEST(closest > 0.01, "two of the first 200 positions got (nearly) the same code: distance " << closest);
}

BOOST_AUTO_TEST_CASE(has_one_row_per_position_and_none_for_length_zero) {
    has_shape(attn::positional_encoding(9, 4), 9, 4, "positional_encoding(9, 4)");
    has_shape(attn::positional_encoding(1, 3), 1, 3, "positional_encoding(1, 3)");
    has_shape(attn::positional_encoding(0, 4), 0, 4, "positional_encoding(0, 4)");
}

BOOST_AUTO_TEST_CASE(d_model_one_is_a_single_sine_column) {
    // the contract refuses d_model = 0 alone: one column is pair 0's sine without its
    // cosine, sin(p / 10000^0) = sin(p)
    if (!results_right(positional_encoding_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_the_formula_for_an_even_and_an_odd_d_model passes");
        return;
    }
    const Result got = attempt([] { return result("PE", attn::positional_encoding(4, 1), kTable); });
    if (refused_valid_input(got, "positional_encoding", "positional_encoding(4, 1), a table one column wide")) return;
    const std::string d = describe_outcome(got, result("PE", table_by_loops(4, 1), kTable), 1e-12);
    BOOST_TEST(d.empty(), "positional_encoding(4, 1) is 4x1, sin(p) in its one column: " << d);
}

BOOST_AUTO_TEST_CASE(refuses_d_model_zero) {
    const std::string msg = refusal_of<attn::InputError>("positional_encoding", [] { attn::positional_encoding(5, 0); });
    BOOST_TEST(mentions(msg, "positional_encoding:"),
               "d_model 0 leaves no column for any code: expected an InputError naming positional_encoding; got '"
                   << msg << "'");
    if (msg.empty()) return;
    // for length 0 too: the contract refuses d_model 0 whatever the length, so an empty
    // table given back before the check lets it through
    refusal_of<attn::InputError>("positional_encoding", [] { attn::positional_encoding(0, 0); }, {},
                                 "positional_encoding(0, 0)");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== add_positions
BOOST_AUTO_TEST_SUITE(add_positions)

BOOST_AUTO_TEST_CASE(adds_row_p_of_pe_to_row_p_of_x) {
    // a longer table (6 rows for 3 tokens), the running example with 10 codes, a table
    // exactly as long as X, and an empty X
    add_positions_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(adds_the_sinusoidal_codes_to_the_running_example) {
    const arma::mat X = {{0, 0, 1, 1}, {0, 1, 0, 1}, {1, 0, 0, 1}};  // "I love LLMs"
    const arma::mat PE = table_by_loops(10, 4);
    const Result got = attempt([&] { return result(kSumPart, attn::add_positions(X, PE), kSum); });
    // row 1 of PE is (sin 1, cos 1, sin 0.01, cos 0.01)
    const arma::mat expected = {{0, 1, 1, 2},
                                {std::sin(1.0), 1 + std::cos(1.0), std::sin(0.01), 1 + std::cos(0.01)},
                                {1 + std::sin(2.0), std::cos(2.0), std::sin(0.02), 1 + std::cos(0.02)}};
    const std::string d = describe_outcome(got, result(kSumPart, expected, kSum), 1e-12);
    BOOST_TEST(d.empty(), "X + PE on \"I love LLMs\": " << d);
}

BOOST_AUTO_TEST_CASE(a_table_exactly_as_long_as_x_is_enough) {
    const arma::mat X = uneven_rows(4, 3, 83), PE = uneven_rows(4, 3, 84);
    const Result got = attempt([&] { return result(kSumPart, attn::add_positions(X, PE), kSum); });
    const std::string d = describe_outcome(got, result(kSumPart, X + PE, kSum), 1e-12);
    BOOST_TEST(d.empty(), "PE has exactly one row per token of X (L_max = L), which is enough: " << d);
}

BOOST_AUTO_TEST_CASE(an_empty_sentence_stays_empty) {
    if (!results_right(add_positions_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once adds_row_p_of_pe_to_row_p_of_x passes");
        return;
    }
    const arma::mat X(0, 4), PE = uneven_rows(5, 4, 85);
    const Result got = attempt([&] { return result(kSumPart, attn::add_positions(X, PE), kSum); });
    if (refused_valid_input(got, "add_positions", "X 0x4 (no tokens) with PE 5x4")) return;
    const std::string d = describe_outcome(got, result(kSumPart, arma::mat(0, 4), kSum));
    BOOST_TEST(d.empty(), "no tokens in, no rows out: add_positions(X 0x4, PE 5x4) is 0x4; " << d);
}

BOOST_AUTO_TEST_CASE(rejects_a_table_of_another_width_naming_both_shapes_x_first) {
    const arma::mat X(3, 4, arma::fill::ones), PE(10, 6, arma::fill::ones);
    const std::string msg = refusal_of<attn::ShapeError>("add_positions", [&] { attn::add_positions(X, PE); });
    if (msg.empty()) return;  // refusal_of has said what went wrong
    // X first, as the contract words it: require_shapes(..., {"X", X}, {"PE", PE})
    if (!message_names(msg, {"X 3x4", "PE 10x6"}, "PE 10x6 for X 3x4 (another width)", true)) return;
    if (mentions(msg, "a row for every position") || mentions(msg, "L_max >= L"))
        report(m::add_positions_rule_text_of_the_other_rule, "a table of another width was refused with the length "
                                                             "rule's words");
}

BOOST_AUTO_TEST_CASE(rejects_a_table_shorter_than_the_sentence_naming_both_shapes_x_first) {
    const arma::mat X(12, 4, arma::fill::ones), PE(10, 4, arma::fill::ones), PE11(11, 4, arma::fill::ones);
    // two rows short, then one row short: a check that refuses the first and lets the
    // second through is off by one at the end
    if (lets_the_end_through([&] { attn::add_positions(X, PE); }, [&] { attn::add_positions(X, PE11); },
                             "a table one row shorter than X (PE 11x4 for X 12x4) was let through; accept a table "
                             "only when PE.n_rows >= X.n_rows, one code for every token (the last token's row "
                             "X.n_rows - 1 must be < PE.n_rows; <= lets a table one row short through)"))
        return;
    std::string msg = refusal_of<attn::ShapeError>("add_positions", [&] { attn::add_positions(X, PE); }, {},
                                                   "PE of 10x4 for X of 12x4");
    if (msg.empty()) return;
    if (!message_names(msg, {"X 12x4", "PE 10x4"}, "PE 10x4 for X 12x4 (too short)", true)) return;
    if (mentions(msg, "as wide as X") && !mentions(msg, "a row for every position"))
        return report(m::add_positions_rule_text_of_the_other_rule, "a table too short was refused with the width "
                                                                    "rule's words");
    msg = refusal_of<attn::ShapeError>("add_positions", [&] { attn::add_positions(X, PE11); }, {},
                                       "PE of 11x4 for X of 12x4");
    if (msg.empty()) return;
    message_names(msg, {"X 12x4", "PE 11x4"}, "PE 11x4 for X 12x4 (one row short)", true);
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== position_similarity
BOOST_AUTO_TEST_SUITE(position_similarity)

BOOST_AUTO_TEST_CASE(entry_j_is_the_dot_product_of_rows_p_and_j) {
    // rows of different lengths (7x4, a square 5x5 at its last position, 6x3 at a
    // position past its last column) and the sinusoidal table 40x10: every slip gives
    // numbers of its own on one of them
    position_similarity_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(a_position_is_most_like_itself_at_half_d_model) {
    const arma::mat PE = table_by_loops(40, 10);
    const Result got = attempt([&] { return result("s", arma::mat(attn::position_similarity(PE, 7)), kSimilarity); });
    if (got.threw != Threw::nothing) {
        BOOST_TEST(false, "position_similarity(PE 40x10, 7): " << describe_outcome(got, result("s", arma::mat(1, 40), kSimilarity)));
        return;
    }
    const arma::mat& s = got.parts.at(0).value;
    if (s.n_elem != 40) {
        BOOST_TEST(false, "one entry per position of PE (40) expected; got " << s.n_elem);
        return;
    }
    BOOST_TEST(std::abs(s(7) - 5.0) < 1e-12, "entry 7 is PE(7) . PE(7) = 5 pairs x (sin^2 + cos^2) = 5; got " << s(7));
    for (arma::uword j = 0; j < 40; ++j)
        if (j != 7)
            BOOST_TEST(s(j) < 5.0 - 1e-6, "position " << j << " should be less like position 7 than 7 itself; got "
                                                       << s(j) << " against " << s(7));
}

BOOST_AUTO_TEST_CASE(depends_on_the_offset_only_not_on_where_the_pair_starts) {
    // asked once the results are right, so that a wrong result is said once, by its diagnosis
    if (!results_right(position_similarity_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once entry_j_is_the_dot_product_of_rows_p_and_j passes");
        return;
    }
    const arma::mat PE = table_by_loops(60, 12);
    for (arma::uword p : {0u, 9u, 25u, 39u}) {
        const arma::rowvec s = attn::position_similarity(PE, p);
        if (s.n_elem != 60) {
            BOOST_TEST(false, "one entry per position of PE (60) expected; got " << s.n_elem);
            return;
        }
        for (arma::uword k = 0; k <= 20; ++k)
            BOOST_TEST(std::abs(s(p + k) - similarity_by_formula(k, 12)) < 1e-9,
                       "PE(" << p << ") . PE(" << p + k << ") should be sum_i cos(" << k << " / 10000^(2i/12)) = "
                             << similarity_by_formula(k, 12) << ", as for every pair " << k << " apart; got "
                             << s(p + k));
    }
}

BOOST_AUTO_TEST_CASE(near_positions_are_more_alike_than_far_ones) {
    const arma::mat PE = table_by_loops(64, 16);
    const arma::rowvec s = attn::position_similarity(PE, 0);
    if (s.n_elem != 64) {
        BOOST_TEST(false, "one entry per position of PE (64) expected; got " << s.n_elem);
        return;
    }
    for (arma::uword k = 1; k <= 3; ++k)
        BOOST_TEST(s(k) < s(k - 1), "one step further should be less alike: PE(0) . PE(" << k << ") = " << s(k)
                                                                                          << ", PE(0) . PE(" << k - 1
                                                                                          << ") = " << s(k - 1));
    const double near = arma::mean(s.cols(1, 4)), far = arma::mean(s.cols(30, 60));
    BOOST_TEST(near > far + 1.0, "positions 1-4 should be more like position 0 than positions 30-60 are: mean "
                                     << near << " against " << far);
}

BOOST_AUTO_TEST_CASE(refuses_a_position_that_is_not_a_row) {
    const arma::mat PE = table_by_loops(5, 4);
    // far past the last row, then the first position past it (p = PE.n_rows)
    if (lets_the_end_through([&] { attn::position_similarity(PE, 9); }, [&] { attn::position_similarity(PE, 5); },
                             "the position p = PE.n_rows (5 for a PE of 5 rows) was let through; refuse a "
                             "position p >= PE.n_rows (p > PE.n_rows lets p = PE.n_rows through)"))
        return;
    const std::string msg = refusal_of<attn::InputError>(
        "position_similarity", [&] { attn::position_similarity(PE, 5); }, {}, "position 5 of a PE of 5 rows");
    if (msg.empty()) return;  // refusal_of has said what went wrong
    BOOST_TEST(mentions(msg, "position_similarity:"),
               "PE has rows 0 to 4, so position 5 is not one of them: expected an InputError naming "
               "position_similarity; got '" << msg << "'");
    // a table of no rows has no position 0 (p > PE.n_rows - 1 wraps round there); asked
    // once the results are right, so that a wrong rule is named once, by its diagnosis
    if (results_right(position_similarity_diagnosis()))
        refusal_of<attn::InputError>(
            "position_similarity", [&] { attn::position_similarity(arma::mat(0, 4), 0); }, {},
            "position 0 of a PE of no rows");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== positions_question
BOOST_AUTO_TEST_SUITE(positions_question)

BOOST_AUTO_TEST_CASE(attention_alone_cannot_see_word_order) {
    judge_answer<bool>("without positions, can self-attention tell \"I love LLMs\" from \"LLMs I love\"?",
                       attn::attention_alone_sees_word_order(), false, {{true, &m::thinks_attention_sees_word_order}},
                       "chapter 02, step 4: reordering the rows of X only reorders the outputs");
}

BOOST_AUTO_TEST_CASE(with_positions_a_moved_word_gets_a_new_output) {
    judge_answer<bool>("with positions added, does a moved word get another output row?",
                       attn::reordering_with_positions_changes_a_words_output(), true,
                       {{false, &m::thinks_a_moved_word_keeps_its_output}},
                       "a word that moves gets the code of its new slot added (chapter 08, step 5)");
}

BOOST_AUTO_TEST_CASE(adding_positions_keeps_the_width) {
    judge_answer<bool>("is add_positions(X, PE) wider than X?", attn::adding_positions_makes_x_wider(), false,
                       {{true, &m::thinks_adding_positions_widens_x}}, "X + PE is added entry by entry");
}

BOOST_AUTO_TEST_CASE(similarity_depends_on_distance_not_on_start) {
    judge_answer<bool>("does PE(p) . PE(p + k) depend on p?", attn::similarity_depends_on_where_the_pair_starts(),
                       false, {{true, &m::thinks_similarity_depends_on_the_start}},
                       "PE(p) . PE(p + k) = sum_i cos(k w_i) (chapter 08, step 6)");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(chapter)

BOOST_AUTO_TEST_CASE(wavelengths_grow_by_ten_per_pair_for_d_model_8) {
    const arma::rowvec w = attn::positional_encoding_lab::wavelengths(8);
    const double two_pi = 2.0 * std::acos(-1.0);
    BOOST_TEST(matrices_close(w, arma::rowvec{two_pi, two_pi * 10, two_pi * 100, two_pi * 1000}, 1e-9,
                              "wavelengths(8)"));
    BOOST_TEST(attn::positional_encoding_lab::wavelengths(5).n_elem == 3u, "5 columns are 2 pairs and a lone sine");
}

BOOST_AUTO_TEST_CASE(worst_pair_norm_error_sees_a_pair_off_the_circle) {
    const arma::mat on = {{0.6, 0.8, 0.0, 1.0}, {1.0, 0.0, -0.8, 0.6}};
    const arma::mat off = {{0.6, 0.8, 0.0, 1.0}, {1.0, 1.0, -0.8, 0.6}};
    BOOST_TEST(attn::positional_encoding_lab::worst_pair_norm_error(on) < 1e-15);
    BOOST_TEST(std::abs(attn::positional_encoding_lab::worst_pair_norm_error(off) - 1.0) < 1e-15);
    BOOST_TEST(attn::positional_encoding_lab::worst_pair_norm_error(table_by_loops(50, 7)) < 1e-12);
}

BOOST_AUTO_TEST_CASE(reordering_changes_outputs_only_once_positions_are_added) {
    const arma::mat X = {{0, 0, 1, 1}, {0, 1, 0, 1}, {1, 0, 0, 1}};
    arma::arma_rng::set_seed(87);
    const arma::mat Wq = arma::randn(4, 4), Wk = arma::randn(4, 4), Wv = arma::randn(4, 3);
    const arma::uvec order = {2, 0, 1};
    namespace lab = attn::positional_encoding_lab;
    const auto plain = lab::reorder_words(X, Wq, Wk, Wv, order, false);
    const auto placed = lab::reorder_words(X, Wq, Wk, Wv, order, true);
    BOOST_TEST(plain.worst < 1e-12, "without positions every word keeps its output row; worst " << plain.worst);
    BOOST_TEST(placed.worst > 0.01, "with positions a moved word gets another output; worst " << placed.worst);
    BOOST_TEST(placed.Z.n_rows == 3u);
    BOOST_TEST(placed.Z.n_cols == 3u);
    // the identity order moves nothing, with or without positions
    BOOST_TEST(lab::reorder_words(X, Wq, Wk, Wv, arma::uvec{0, 1, 2}, true).worst == 0.0);
    BOOST_CHECK_THROW(lab::reorder_words(X, Wq, Wk, Wv, arma::uvec{0, 0, 1}, true), attn::ShapeError);
}

BOOST_AUTO_TEST_CASE(offset_map_is_one_rotation_per_pair) {
    const arma::mat R = attn::positional_encoding_lab::offset_map(4, 3);
    const double t0 = 3.0, t1 = 3.0 / 100.0;  // k times the frequencies 1 and 1/10000^(2/4)
    const arma::mat expected = {{std::cos(t0), -std::sin(t0), 0, 0},
                                {std::sin(t0), std::cos(t0), 0, 0},
                                {0, 0, std::cos(t1), -std::sin(t1)},
                                {0, 0, std::sin(t1), std::cos(t1)}};
    BOOST_TEST(matrices_close(R, expected, 1e-12, "offset_map(4, 3)"));
    BOOST_CHECK_THROW(attn::positional_encoding_lab::offset_map(5, 1), attn::InputError);
}

BOOST_AUTO_TEST_CASE(one_matrix_moves_every_position_k_steps_on) {
    const arma::mat PE = table_by_loops(120, 8);
    for (arma::uword k : {1u, 7u, 60u})
        BOOST_TEST(attn::positional_encoding_lab::offset_map_error(PE, k) < 1e-9, "k = " << k);
    // a table that is not sinusoidal is not moved by it
    BOOST_TEST(attn::positional_encoding_lab::offset_map_error(uneven_rows(10, 8, 88), 1) > 0.1);
}

BOOST_AUTO_TEST_CASE(offset_spread_is_zero_for_the_sinusoidal_table_only) {
    BOOST_TEST(attn::positional_encoding_lab::offset_spread(table_by_loops(50, 8), 7) < 1e-12);
    BOOST_TEST(attn::positional_encoding_lab::offset_spread(uneven_rows(10, 4, 89), 2) > 0.1);
    BOOST_CHECK_THROW(attn::positional_encoding_lab::offset_spread(table_by_loops(5, 4), 5), attn::InputError);
}

BOOST_AUTO_TEST_CASE(closest_positions_finds_the_nearest_pair) {
    const arma::mat P = {{0, 0}, {5, 5}, {1, 0}, {5, 5.5}};
    const auto c = attn::positional_encoding_lab::closest_positions(P);
    BOOST_TEST(c.p == 1u);
    BOOST_TEST(c.q == 3u);
    BOOST_TEST(std::abs(c.distance - 0.5) < 1e-15);
    BOOST_CHECK_THROW(attn::positional_encoding_lab::closest_positions(arma::mat(1, 3)), attn::InputError);
}

// The wording README.md's "What happens on bad input" quotes (the exercises' own
// suites only ask for the function's name and both shapes).
BOOST_AUTO_TEST_CASE(bad_input_messages_read_as_the_readme_quotes_them) {
    const arma::mat X(3, 4, arma::fill::ones), wide(10, 6, arma::fill::ones);
    BOOST_TEST(thrown_message<attn::ShapeError>([&] { attn::add_positions(X, wide); }) ==
               "add_positions: PE must be as wide as X (d_model); got X 3x4 and PE 10x6");
    const arma::mat long_X(12, 4, arma::fill::ones), short_PE(10, 4, arma::fill::ones);
    BOOST_TEST(thrown_message<attn::ShapeError>([&] { attn::add_positions(long_X, short_PE); }) ==
               "add_positions: PE needs a row for every position of X (L_max >= L); got X 12x4 and PE 10x4");
    BOOST_TEST(thrown_message<attn::InputError>([] { attn::position_similarity(arma::mat(5, 4, arma::fill::zeros), 5); }) ==
               "position_similarity: position 5 is not a row of PE, which has 5 rows");
}

BOOST_AUTO_TEST_CASE(figures_hold_the_table_and_the_similarity_curves) {
    const arma::mat PE = table_by_loops(12, 6);
    const auto fig = attn::positional_encoding_lab::encoding_figure(PE);
    const auto& h = std::get<attn::plot::Heatmap>(fig.panels.at(0));
    BOOST_TEST(matrices_close(h.values, PE, 0.0, "heatmap values"));
    BOOST_TEST(h.zmin == -1.0);
    BOOST_TEST(h.zmax == 1.0);
    const auto sim = attn::positional_encoding_lab::similarity_figure(30, {4, 8});
    const auto& c = std::get<attn::plot::LineChart>(sim.panels.at(0));
    BOOST_TEST(c.series.size() == 2u);
    BOOST_TEST(c.series[1].y.size() == 30u);
    BOOST_TEST(std::abs(c.series[0].y[0] - 1.0) < 1e-12, "the curves are divided by d_model / 2, so start at 1");
    BOOST_TEST(std::abs(c.series[1].y[5] - similarity_by_formula(5, 8) / 4.0) < 1e-12);
}

BOOST_AUTO_TEST_SUITE_END()

// The inputs of each diagnosis tell every two declared mistakes apart, each variant
// shows, and each is named as itself: the proof that a name is never a guess.
BOOST_AUTO_TEST_SUITE(distinguishable)

BOOST_AUTO_TEST_CASE(positional_encoding) { positional_encoding_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(add_positions) { add_positions_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(position_similarity) { position_similarity_diagnosis().require_distinguishable(); }

BOOST_AUTO_TEST_SUITE_END()
