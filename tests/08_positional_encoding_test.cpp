// Chapter 08 tests: the sinusoidal position codes, adding them, and how alike two are.
// One suite per exercise (its name is the exercise's name); `chapter` holds
// the tests of the chapter's non-exercise code (src/labs/positional_encoding_lab).
//
// Every expected value comes from the formula written out again here, over
// scalars: pair i = c / 2 of column c, angle = p / 10000^(2i / d_model).
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch08_positional_encoding)

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"
#include "labs/positional_encoding_lab.hpp"
#include "mistakes.hpp"
#include "slips.hpp"
#include "test_helpers.hpp"

using attn_test::matrices_close;
using attn_test::thrown_message;

namespace {

namespace m = attn_test::mistakes;

bool mentions(const std::string& msg, const std::string& what) { return msg.find(what) != std::string::npos; }

// The natural slips of positional_encoding, each a variant of the formula.
enum class TableSlip {
    none,
    sine_cosine_swapped,       // cos in the even columns, sin in the odd ones
    frequency_per_column,      // exponent c / d_model: every column its own frequency
    transposed,                // d_model x L: dimensions down, positions across
    exponent_without_d_model,  // 10000^(2i): the division by d_model left out
    integer_exponent,          // 2i / d_model in whole numbers: 0, so every frequency is 1
    positions_from_one,        // the first row is position 1
    exponent_without_two,      // i / d_model instead of 2i / d_model (pair i counted, not column 2i)
    frequency_inverted,        // p * 10000^(2i / d_model): multiplied instead of divided
    odd_last_column_missing,   // odd d_model: the lone last sine left at 0 (a loop over whole pairs only)
};

arma::mat table_by_loops(arma::uword L, arma::uword d_model, TableSlip slip = TableSlip::none) {
    arma::mat T(L, d_model);
    for (arma::uword p = 0; p < L; ++p)
        for (arma::uword c = 0; c < d_model; ++c) {
            const double i = static_cast<double>(c / 2);
            double exponent = 2.0 * i / static_cast<double>(d_model);
            if (slip == TableSlip::frequency_per_column) exponent = static_cast<double>(c) / static_cast<double>(d_model);
            if (slip == TableSlip::exponent_without_d_model) exponent = 2.0 * i;
            if (slip == TableSlip::integer_exponent) exponent = 0.0;
            if (slip == TableSlip::exponent_without_two) exponent = i / static_cast<double>(d_model);
            const double position = static_cast<double>(p) + (slip == TableSlip::positions_from_one ? 1.0 : 0.0);
            const double angle = slip == TableSlip::frequency_inverted ? position * std::pow(10000.0, exponent)
                                                                       : position / std::pow(10000.0, exponent);
            const bool sine = (c % 2 == 0) != (slip == TableSlip::sine_cosine_swapped);
            T(p, c) = sine ? std::sin(angle) : std::cos(angle);
            if (slip == TableSlip::odd_last_column_missing && d_model % 2 == 1 && c + 1 == d_model) T(p, c) = 0.0;
        }
    if (slip != TableSlip::transposed) return T;
    arma::mat U(d_model, L);
    for (arma::uword p = 0; p < L; ++p)
        for (arma::uword c = 0; c < d_model; ++c) U(c, p) = T(p, c);
    return U;
}

using attn_test::Slip;
using attn_test::Threw;

// Every slip's table (the list the recogniser compares with, and the
// `distinguishable` suite checks).
std::vector<attn_test::Slip> table_slips(arma::uword L, arma::uword d_model) {
    return {{m::pe_sine_cosine_swapped, table_by_loops(L, d_model, TableSlip::sine_cosine_swapped)},
                         {m::pe_frequency_per_column, table_by_loops(L, d_model, TableSlip::frequency_per_column)},
                         {m::pe_table_transposed, table_by_loops(L, d_model, TableSlip::transposed)},
                         {m::pe_exponent_without_d_model,
                          table_by_loops(L, d_model, TableSlip::exponent_without_d_model)},
                         {m::pe_integer_exponent, table_by_loops(L, d_model, TableSlip::integer_exponent)},
                         {m::pe_positions_from_one, table_by_loops(L, d_model, TableSlip::positions_from_one)},
                         {m::pe_exponent_without_two, table_by_loops(L, d_model, TableSlip::exponent_without_two)},
                         {m::pe_frequency_inverted, table_by_loops(L, d_model, TableSlip::frequency_inverted)},
                         {m::pe_odd_last_column_missing,
                          table_by_loops(L, d_model, TableSlip::odd_last_column_missing)}};
}
void report_table_slips(const arma::mat& got, arma::uword L, arma::uword d_model) {
    attn_test::report_the_one_slip(got, table_by_loops(L, d_model), table_slips(L, d_model));
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

// What add_positions gives when it slips, by loops; the slips that make Armadillo
// refuse two shapes are told apart by the shapes its message names.
// (The right sum and the list the recogniser compares with, which the
// `distinguishable` suite checks.)
std::pair<arma::mat, std::vector<Slip>> add_slips(const arma::mat& X, const arma::mat& PE) {
    const arma::uword L = X.n_rows, d = X.n_cols;
    arma::mat right(L, d), only_pe(L, d), shifted(L, d), side_by_side(L, 2 * d);
    for (arma::uword p = 0; p < L; ++p)
        for (arma::uword c = 0; c < d; ++c) {
            right(p, c) = X(p, c) + PE(p, c);
            only_pe(p, c) = PE(p, c);                                 // X replaced by its positions
            shifted(p, c) = X(p, c) + (p + 1 < PE.n_rows ? PE(p + 1, c) : NAN);  // rows 1 .. L of PE
            side_by_side(p, c) = X(p, c);                             // X and PE next to each other
            side_by_side(p, d + c) = PE(p, c);
        }
    const std::string x = attn::shape_of(X);
    const auto sum_refused = [&](arma::uword rows) {  // Armadillo's "addition: ... 3x5 and 6x5"
        return x + " and " + std::to_string(rows) + "x" + std::to_string(d);
    };
    std::vector<Slip> slips = {{m::add_positions_replaces_x, only_pe},
                               {m::add_positions_off_by_one, shifted},
                               {m::add_positions_concatenated, side_by_side}};
    // X + PE: the whole table, refused unless PE is exactly as long as X
    if (PE.n_rows != L) slips.push_back(attn_test::throws(m::add_positions_whole_table, Threw::armadillo_size, sum_refused(PE.n_rows)));
    // PE.rows(0, L): one row too many, or past the end of a table as long as X
    slips.push_back(PE.n_rows > L ? attn_test::throws(m::span_end_inclusive, Threw::armadillo_size, sum_refused(L + 1))
                                  : attn_test::throws(m::span_end_inclusive, Threw::armadillo_index, "rows()"));
    // PE.rows(1, L) on a table exactly as long as X runs past its end too: then the two cannot be told apart
    if (PE.n_rows == L && L > 0) slips.push_back(attn_test::throws(m::add_positions_off_by_one, Threw::armadillo_index, "rows()"));
    // an empty X: PE.rows(0, L - 1) with L - 1 wrapped round to the largest index
    if (L == 0) slips.push_back(attn_test::throws(m::add_positions_empty_sentence, Threw::armadillo_index, "rows()"));
    return {right, slips};
}
void report_add_slips(const attn_test::Outcome<arma::mat>& got, const arma::mat& X, const arma::mat& PE) {
    const auto [right, slips] = add_slips(X, PE);
    attn_test::report_the_one_slip(got, right, slips);
}

// Entry j of each variant of position_similarity, by loops.
// (The right row and the list the recogniser compares with, which the
// `distinguishable` suite checks.)
std::pair<arma::mat, std::vector<Slip>> similarity_slips(const arma::mat& PE, arma::uword p) {
    arma::rowvec right(PE.n_rows), cosine(PE.n_rows), by_columns(PE.n_cols), distance(PE.n_rows);
    for (arma::uword j = 0; j < PE.n_rows; ++j) {
        double dot = 0, np = 0, nj = 0;
        for (arma::uword c = 0; c < PE.n_cols; ++c) {
            dot += PE(p, c) * PE(j, c);
            np += PE(p, c) * PE(p, c);
            nj += PE(j, c) * PE(j, c);
        }
        right(j) = dot;
        cosine(j) = dot / std::sqrt(np * nj);
        distance(j) = np + nj - 2 * dot;  // |PE(p) - PE(j)|^2
    }
    for (arma::uword j = 0; j < PE.n_cols; ++j) {  // column p against column j
        double dot = 0;
        for (arma::uword r = 0; r < PE.n_rows; ++r) dot += PE(r, p) * PE(r, j);
        by_columns(j) = dot;
    }
    // PE * PE.row(p).t() is L x 1: a column, which an arma::rowvec refuses to hold
    return {arma::mat(right),
            {{m::similarity_over_columns, by_columns},
             {m::similarity_cosine, cosine},
             {m::similarity_distance_not_dot, distance},
             attn_test::throws(m::similarity_as_column, Threw::armadillo_size, "row vector")}};
}
void report_similarity_slips(const attn_test::Outcome<arma::rowvec>& got, const arma::mat& PE, arma::uword p) {
    const auto [right, slips] = similarity_slips(PE, p);
    attn_test::report_the_one_slip(got, right, slips);
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

BOOST_AUTO_TEST_SUITE(positional_encoding)

BOOST_AUTO_TEST_CASE(matches_the_formula_for_an_even_d_model) {
    // 5 positions, 6 dimensions: L != d_model, and every slip gives numbers of its own
    const arma::mat PE = attn::positional_encoding(5, 6);
    report_table_slips(PE, 5, 6);
    BOOST_TEST(matrices_close(PE, table_by_loops(5, 6), 1e-12, "positional_encoding(5, 6)"));
}

BOOST_AUTO_TEST_CASE(matches_the_formula_for_an_odd_d_model_whose_last_column_is_a_sine) {
    const arma::mat PE = attn::positional_encoding(7, 5);
    report_table_slips(PE, 7, 5);
    BOOST_TEST(matrices_close(PE, table_by_loops(7, 5), 1e-12, "positional_encoding(7, 5)"));
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

BOOST_AUTO_TEST_CASE(refuses_d_model_zero) {
    const std::string msg = attn_test::refusal_message<attn::InputError>([] { attn::positional_encoding(5, 0); });
    BOOST_TEST(mentions(msg, "positional_encoding:"),
               "d_model 0 leaves no column for any code: expected an InputError naming positional_encoding; got '"
                   << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(add_positions)

BOOST_AUTO_TEST_CASE(adds_row_p_of_pe_to_row_p_of_x) {
    // PE is a longer table (6 rows for 3 tokens), and any numbers do: add_positions only adds
    const arma::mat X = uneven_rows(3, 5, 81), PE = uneven_rows(6, 5, 82) * 0.1;
    const auto got = attn_test::attempt([&] { return attn::add_positions(X, PE); });
    report_add_slips(got, X, PE);
    if (!attn_test::returned(got, "add_positions(X 3x5, PE 6x5)")) return;
    arma::mat expected(3, 5);
    for (arma::uword p = 0; p < 3; ++p)
        for (arma::uword c = 0; c < 5; ++c) expected(p, c) = X(p, c) + PE(p, c);
    BOOST_TEST(matrices_close(got.value, expected, 1e-12, "add_positions(X 3x5, PE 6x5)"));
}

BOOST_AUTO_TEST_CASE(adds_the_sinusoidal_codes_to_the_running_example) {
    const arma::mat X = {{0, 0, 1, 1}, {0, 1, 0, 1}, {1, 0, 0, 1}};  // "I love LLMs"
    const arma::mat PE = table_by_loops(10, 4);
    const auto got = attn_test::attempt([&] { return attn::add_positions(X, PE); });
    report_add_slips(got, X, PE);
    if (!attn_test::returned(got, "add_positions(X 3x4, PE 10x4)")) return;
    // row 1 of PE is (sin 1, cos 1, sin 0.01, cos 0.01)
    const arma::mat expected = {{0, 1, 1, 2},
                                {std::sin(1.0), 1 + std::cos(1.0), std::sin(0.01), 1 + std::cos(0.01)},
                                {1 + std::sin(2.0), std::cos(2.0), std::sin(0.02), 1 + std::cos(0.02)}};
    BOOST_TEST(matrices_close(got.value, expected, 1e-12, "X + PE on \"I love LLMs\""));
}

BOOST_AUTO_TEST_CASE(a_table_exactly_as_long_as_x_is_enough) {
    const arma::mat X = uneven_rows(4, 3, 83), PE = uneven_rows(4, 3, 84);
    arma::mat expected(4, 3);
    for (arma::uword p = 0; p < 4; ++p)
        for (arma::uword c = 0; c < 3; ++c) expected(p, c) = X(p, c) + PE(p, c);
    const auto got = attn_test::attempt([&] { return attn::add_positions(X, PE); });
    report_add_slips(got, X, PE);
    if (attn_test::returned(got, "add_positions(X 4x3, PE 4x3)"))
        BOOST_TEST(matrices_close(got.value, expected, 1e-12, "add_positions(X 4x3, PE 4x3)"));
}

BOOST_AUTO_TEST_CASE(an_empty_sentence_stays_empty) {
    const arma::mat X(0, 4), PE = uneven_rows(5, 4, 85);
    const auto got = attn_test::attempt([&] { return attn::add_positions(X, PE); });
    report_add_slips(got, X, PE);
    if (!attn_test::returned(got, "add_positions(X 0x4, PE 5x4)")) return;
    BOOST_TEST((got.value.n_rows == 0 && got.value.n_cols == 4),
               "no tokens in, no rows out: expected 0x4, got " << attn::shape_of(got.value));
}

BOOST_AUTO_TEST_CASE(rejects_a_table_of_another_width_naming_both_shapes) {
    const arma::mat X(3, 4, arma::fill::ones), PE(10, 6, arma::fill::ones);
    const std::string msg = attn_test::refusal_message<attn::ShapeError>([&] { attn::add_positions(X, PE); });
    BOOST_TEST(mentions(msg, "add_positions:"), "a PE 6 wide cannot be added to an X 4 wide: expected a ShapeError "
                                                "naming add_positions; got '" << msg << "'");
    BOOST_TEST((mentions(msg, "X 3x4") && mentions(msg, "PE 10x6")),
               "the message should give both shapes, X 3x4 and PE 10x6; got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(rejects_a_table_shorter_than_the_sentence_naming_both_shapes) {
    const arma::mat X(12, 4, arma::fill::ones), PE(10, 4, arma::fill::ones);
    const std::string msg = attn_test::refusal_message<attn::ShapeError>([&] { attn::add_positions(X, PE); });
    BOOST_TEST(mentions(msg, "add_positions:"), "12 tokens need 12 rows of PE, it has 10: expected a ShapeError "
                                                "naming add_positions; got '" << msg << "'");
    BOOST_TEST((mentions(msg, "X 12x4") && mentions(msg, "PE 10x4")),
               "the message should give both shapes, X 12x4 and PE 10x4; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(position_similarity)

BOOST_AUTO_TEST_CASE(entry_j_is_the_dot_product_of_rows_p_and_j) {
    // 7 positions, 4 dimensions, rows of different lengths: every slip gives numbers of its own
    const arma::mat PE = uneven_rows(7, 4, 86);
    const auto got = attn_test::attempt([&] { return attn::position_similarity(PE, 2); });
    report_similarity_slips(got, PE, 2);
    if (!attn_test::returned(got, "position_similarity(PE 7x4, 2)")) return;
    arma::rowvec expected(7);
    for (arma::uword j = 0; j < 7; ++j) {
        expected(j) = 0;
        for (arma::uword c = 0; c < 4; ++c) expected(j) += PE(2, c) * PE(j, c);
    }
    BOOST_TEST(matrices_close(got.value, expected, 1e-9, "position_similarity(PE 7x4, 2)"));
}

BOOST_AUTO_TEST_CASE(a_position_is_most_like_itself_at_half_d_model) {
    const arma::mat PE = table_by_loops(40, 10);
    const auto got = attn_test::attempt([&] { return attn::position_similarity(PE, 7); });
    report_similarity_slips(got, PE, 7);
    if (!attn_test::returned(got, "position_similarity(PE 40x10, 7)")) return;
    const arma::rowvec& s = got.value;
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
    const std::string msg = attn_test::refusal_message<attn::InputError>([&] { attn::position_similarity(PE, 5); });
    BOOST_TEST(mentions(msg, "position_similarity:"),
               "PE has rows 0 to 4, so position 5 is not one of them: expected an InputError naming "
               "position_similarity; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(positions_question)

BOOST_AUTO_TEST_CASE(attention_alone_cannot_see_word_order) {
    BOOST_TEST(!attn::attention_alone_sees_word_order(),
               "chapter 02, step 4: reordering the rows of X only reorders the outputs; nothing in X W or in "
               "softmax(Q K^T / sqrt(d_k)) V looks at a row's index");
}

BOOST_AUTO_TEST_CASE(with_positions_a_moved_word_gets_a_new_output) {
    BOOST_TEST(attn::reordering_with_positions_changes_a_words_output(),
               "a word that moves gets the code of its new slot added, so its row of X + PE changes, and with it "
               "its query, key and value (run chapter 08, step 5)");
}

BOOST_AUTO_TEST_CASE(adding_positions_keeps_the_width) {
    BOOST_TEST(!attn::adding_positions_makes_x_wider(),
               "PE has d_model columns, like X, and is added entry by entry: X + PE is L x d_model, so W_q, W_k "
               "and W_v fit it unchanged");
}

BOOST_AUTO_TEST_CASE(similarity_depends_on_distance_not_on_start) {
    BOOST_TEST(!attn::similarity_depends_on_where_the_pair_starts(),
               "PE(p) . PE(p + k) = sum_i cos(k w_i): p cancels out, only the distance k is left (run chapter 08, "
               "step 6)");
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

BOOST_AUTO_TEST_SUITE_END()// ==================================================================== distinguishable
// On every input where the tests above name a slip, each slip's variant (the same
// list the recogniser compares with) differs from the right answer and from every
// other slip's; the lists below say which variants give the right answer on an
// input, or coincide, and the recogniser is checked to name none of those there.
BOOST_AUTO_TEST_SUITE(distinguishable)

BOOST_AUTO_TEST_CASE(positional_encoding) {
    // An even d_model has no odd last column to leave out.
    attn_test::require_slips_apart("L 5, d_model 6", table_by_loops(5, 6), table_slips(5, 6),
                                   {"pe_odd_last_column_missing"});
    attn_test::require_slips_apart("L 7, d_model 5", table_by_loops(7, 5), table_slips(7, 5));
}

BOOST_AUTO_TEST_CASE(add_positions) {
    const auto check = [](const std::string& name, const arma::mat& X, const arma::mat& PE,
                          const std::set<std::string>& expected) {
        const auto [right, slips] = add_slips(X, PE);
        attn_test::require_slips_apart(name, right, slips, expected);
    };
    check("X 3x5, PE 6x5", uneven_rows(3, 5, 81), uneven_rows(6, 5, 82) * 0.1, {});
    check("the running example", {{0, 0, 1, 1}, {0, 1, 0, 1}, {1, 0, 0, 1}}, table_by_loops(10, 4), {});
    // A table exactly as long as X: PE.rows(0, L) and PE.rows(1, L) both run past its
    // end, with the same error; the recogniser names neither on that input.
    check("X 4x3, PE 4x3", uneven_rows(4, 3, 83), uneven_rows(4, 3, 84),
          {"span_end_inclusive = add_positions_off_by_one"});
    // An empty X: every sum of its rows with rows of PE is the same empty 0x4 matrix,
    // so replacing X or shifting PE gives the right answer there.
    check("X 0x4, PE 5x4", arma::mat(0, 4), uneven_rows(5, 4, 85), {"add_positions_replaces_x", "add_positions_off_by_one"});
}

BOOST_AUTO_TEST_CASE(position_similarity) {
    const auto check = [](const std::string& name, const arma::mat& PE, arma::uword p) {
        const auto [right, slips] = similarity_slips(PE, p);
        attn_test::require_slips_apart(name, right, slips);
    };
    check("PE 7x4, position 2", uneven_rows(7, 4, 86), 2);
    check("the table 40x10, position 7", table_by_loops(40, 10), 7);
}

BOOST_AUTO_TEST_SUITE_END()


