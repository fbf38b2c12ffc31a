// Chapter 03 tests: softmax, row by row.
// One suite per exercise (its name is the exercise's name); `chapter` holds
// the tests of the chapter's non-exercise code (src/softmax_lab.cpp).
//
// Expected values come from the tutorial's printed numbers and from scalar
// loops over std::exp written here, never from the code under test.
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch03_softmax)

#include <cmath>
#include <limits>
#include <string>
#include <variant>
#include <vector>

#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"
#include "core/mask.hpp"
#include "labs/softmax_lab.hpp"
#include "mistakes.hpp"
#include "test_helpers.hpp"

using attn_test::matrices_close;
using attn_test::thrown_message;

namespace {

// softmax of each row by the textbook formula, with the maximum subtracted by
// hand; -inf entries are skipped (weight 0).
arma::mat softmax_by_hand(const arma::mat& S) {
    arma::mat A(S.n_rows, S.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        double m = -INFINITY;
        for (arma::uword j = 0; j < S.n_cols; ++j) m = std::max(m, S(i, j));
        if (std::isinf(m)) continue;
        double total = 0;
        for (arma::uword j = 0; j < S.n_cols; ++j) total += std::exp(S(i, j) - m);
        for (arma::uword j = 0; j < S.n_cols; ++j) A(i, j) = std::exp(S(i, j) - m) / total;
    }
    return A;
}

// J v with J(i, j) = a_i (delta_ij - a_j), written out in full.
arma::rowvec jacobian_times(const arma::rowvec& a, const arma::rowvec& v) {
    arma::rowvec out(a.n_elem, arma::fill::zeros);
    for (arma::uword i = 0; i < a.n_elem; ++i)
        for (arma::uword j = 0; j < a.n_elem; ++j) out(i) += a(i) * ((i == j ? 1.0 : 0.0) - a(j)) * v(j);
    return out;
}

constexpr double kTwoDecimals = 0.005 + 1e-12;

// --- softmax of each row, right and wrong, by loops ----------------------------
// How a hand-written softmax may shift each row before exp: by the row's own
// maximum (right, and a row of nothing but -inf gets zeros), the same without that
// guard (such a row becomes -inf - (-inf) = NaN), not at all, by one maximum for the
// whole matrix, by each row's mean, or by each entry's column maximum; and how it may
// normalise: by the row's total (right) or by the row's largest exponential.
enum class Shift { row_max, none, global_max, row_mean, column_max };
// How each exponential is normalised: by its row's total (right), its column's
// total (arma::sum(E)), the total of everything (arma::accu(E)), or its row's
// largest exponential (arma::max(E, 1)).
enum class Norm { row_sum, column_sum, total, row_max };

// `guard`: a row of nothing but -inf gets zeros (without it, such a row becomes NaN).
arma::mat softmax_loops(const arma::mat& H, Shift shift, bool guard = true, Norm norm = Norm::row_sum) {
    double global = -INFINITY;
    for (arma::uword k = 0; k < H.n_elem; ++k) global = std::max(global, H(k));
    arma::mat E(H.n_rows, H.n_cols, arma::fill::zeros);
    std::vector<bool> skipped(H.n_rows, false);
    for (arma::uword i = 0; i < H.n_rows; ++i) {
        double m = -INFINITY, mean = 0;
        for (arma::uword j = 0; j < H.n_cols; ++j) m = std::max(m, H(i, j)), mean += H(i, j) / H.n_cols;
        if (guard && std::isinf(m) && m < 0) {  // nothing visible: zeros
            skipped[i] = true;
            continue;
        }
        for (arma::uword j = 0; j < H.n_cols; ++j) {
            double c = m;
            if (shift == Shift::none) c = 0;
            if (shift == Shift::global_max) c = global;
            if (shift == Shift::row_mean) c = mean;
            if (shift == Shift::column_max) {
                c = -INFINITY;
                for (arma::uword r = 0; r < H.n_rows; ++r) c = std::max(c, H(r, j));
            }
            E(i, j) = std::exp(H(i, j) - c);
        }
    }
    arma::mat A(H.n_rows, H.n_cols, arma::fill::zeros);
    double everything = 0;
    for (arma::uword k = 0; k < E.n_elem; ++k) everything += E(k);
    for (arma::uword i = 0; i < H.n_rows; ++i) {
        if (skipped[i]) continue;
        double row_total = 0, row_largest = 0;
        for (arma::uword j = 0; j < H.n_cols; ++j) row_total += E(i, j), row_largest = std::max(row_largest, E(i, j));
        for (arma::uword j = 0; j < H.n_cols; ++j) {
            double column_total = 0;
            for (arma::uword r = 0; r < H.n_rows; ++r) column_total += E(r, j);
            const double by = norm == Norm::row_sum      ? row_total
                              : norm == Norm::column_sum ? column_total
                              : norm == Norm::total      ? everything
                                                         : row_largest;
            A(i, j) = E(i, j) / by;
        }
    }
    return A;
}

// The natural wrong softmaxes of a matrix, the way they are written in Armadillo:
// a shift by arma::max(S, 1) (right), arma::max(S) (per column), S.max() (one for
// all) or none, times a normaliser arma::sum(E, 1) (right), arma::sum(E) (per
// column), arma::accu(E) (everything) or arma::max(E, 1) (the row's largest); and
// the shift by each row's mean. Each combination is named by its first slip: the
// normaliser, then the shift. Without the guard for a row of -inf, that row's NaN
// spreads through a normaliser that mixes rows (sum(E), accu(E)) into every entry,
// and such variants cannot be told apart: then only the row-by-row ones join.
void add_softmax_grid(attn_test::Family& f, const arma::mat& H, bool guard, const std::string& g, bool shifts_show) {
    namespace m = attn_test::mistakes;
    struct Named {
        Shift shift;
        const char* how;
    };
    const Named shifts[] = {{Shift::row_max, "max(S, 1)"}, {Shift::column_max, "max(S)"}, {Shift::global_max, "S.max()"},
                        {Shift::none, "no shift"}};
    for (const auto& sh : shifts) {
        if (!shifts_show && sh.shift != Shift::row_max && sh.shift != Shift::column_max) continue;
        const std::string how = std::string("shift ") + sh.how;
        if (guard)
            f.add(m::softmax_over_columns, softmax_loops(H, sh.shift, guard, Norm::column_sum), how + ", sum(E)" + g)
                .add(m::softmax_over_whole_matrix, softmax_loops(H, sh.shift, guard, Norm::total), how + ", accu(E)" + g);
        f.add(m::softmax_divided_by_max, softmax_loops(H, sh.shift, guard, Norm::row_max), how + ", max(E, 1)" + g);
    }
    f.add(m::softmax_shift_by_column_max, softmax_loops(H, Shift::column_max, guard), "shift max(S), sum(E, 1)" + g);
    if (shifts_show)
        f.add(m::softmax_without_max_subtraction, softmax_loops(H, Shift::none, guard), "no shift, sum(E, 1)" + g)
            .add(m::softmax_shift_not_row_max, softmax_loops(H, Shift::global_max, guard), "shift S.max(), sum(E, 1)" + g)
            .add(m::softmax_shift_not_row_max, softmax_loops(H, Shift::row_mean, guard), "shift mean(S, 1), sum(E, 1)" + g);
}

// The natural wrong softmaxes of H, with and without the rule for a row of
// nothing but -inf (when H has such a row, both are natural).
void add_softmax_slips(attn_test::Family& f, const arma::mat& H) {
    namespace m = attn_test::mistakes;
    bool empty_row = false;
    for (arma::uword i = 0; i < H.n_rows; ++i) empty_row = empty_row || (H.row(i).max() == -INFINITY);
    add_softmax_grid(f, H, true, "", true);
    if (empty_row) {
        add_softmax_grid(f, H, false, ", no guard for a row of -inf", true);
        f.add(m::masked_row_gives_nan, softmax_loops(H, Shift::row_max, false), "no guard for a row of -inf");
    }
}

// softmax_rows' family on S: which slips can show depends on S (a shift other than
// the row's maximum only breaks on rows far apart, a missing shift only on large
// scores), so on moderate scores the family holds the slips whose numbers differ.
attn_test::Family softmax_rows_family(const std::string& input, const arma::mat& S, bool far_apart) {
    attn_test::Family f(input, softmax_loops(S, Shift::row_max));
    if (far_apart) add_softmax_slips(f, S);
    else add_softmax_grid(f, S, true, "", false);
    return f;
}

// 4 queries over 5 keys: row 0 with keys hidden (-inf), row 1 near 1000, row 2 with
// every key hidden, row 3 near 1; the scores of masked_softmax's input below, masked.
arma::mat rows_of_every_kind() {
    arma::mat H = {{1.0, -INFINITY, 0.5, -INFINITY, 1.5},
                   {1000.0, 1002.0, 1001.5, 999.0, -INFINITY},
                   {-INFINITY, -INFINITY, -INFINITY, -INFINITY, -INFINITY},
                   {0.5, 1.75, 1.25, 2.25, 0.75}};
    return H;
}
attn_test::Family every_kind_family() {
    return softmax_rows_family("4x5 scores: hidden keys, a row near 1000, a row of -inf", rows_of_every_kind(), true);
}
arma::mat random_scores() {
    arma::arma_rng::set_seed(5);
    return arma::randn(4, 6) * 3.0;
}
attn_test::Family random_family() { return softmax_rows_family("4x6 random scores", random_scores(), false); }

// --- masked_softmax: the input its slips are recognised on ----------------------
// 4 queries, 5 keys; row 0 hides keys 1 and 3, row 1 key 4, row 2 every key, row 3
// none. All scores are positive (so a mask multiplied in gives finite numbers), and
// row 1 lies near 1000 while the others lie near 1: a shift other than each row's own
// maximum, or none, breaks a row of its own.
const arma::mat& masked_scores() {
    static const arma::mat S = {{1.0, 2.5, 0.5, 3.0, 1.5},
                                {1000.0, 1002.0, 1001.5, 999.0, 1003.0},
                                {2.0, 0.25, 4.0, 1.0, 3.5},
                                {0.5, 1.75, 1.25, 2.25, 0.75}};
    return S;
}
const arma::mat& masked_mask() {
    static const arma::mat M = [] {
        arma::mat m(4, 5, arma::fill::zeros);
        m(0, 1) = m(0, 3) = m(1, 4) = -INFINITY;
        m.row(2).fill(-INFINITY);
        return m;
    }();
    return M;
}

// Every natural wrong masked_softmax on that input, each by loops.
attn_test::Family masked_softmax_family() {
    namespace m = attn_test::mistakes;
    const arma::mat& S = masked_scores();
    const arma::mat& M = masked_mask();
    arma::mat hidden(S.n_rows, S.n_cols), times(S.n_rows, S.n_cols), zeroed(S.n_rows, S.n_cols),
        plus_large(S.n_rows, S.n_cols), set_large(S.n_rows, S.n_cols);
    for (arma::uword i = 0; i < S.n_rows; ++i)
        for (arma::uword j = 0; j < S.n_cols; ++j) {
            const bool h = std::isinf(M(i, j));
            hidden(i, j) = S(i, j) + M(i, j);
            times(i, j) = h ? -INFINITY : 0.0;  // s * 0 = 0 and s * -inf = -inf, every s > 0
            zeroed(i, j) = h ? 0.0 : S(i, j);
            plus_large(i, j) = S(i, j) + (h ? -1e9 : 0.0);
            set_large(i, j) = h ? -1e9 : S(i, j);
        }
    const arma::mat plain = softmax_loops(S, Shift::row_max);
    arma::mat plus_mask = plain + M, cut = plain;
    for (arma::uword k = 0; k < M.n_elem; ++k)
        if (std::isinf(M(k))) cut(k) = 0.0;
    attn_test::Family f("masked_softmax's 4x5 scores (one row near 1000, one row fully hidden)",
                        softmax_loops(hidden, Shift::row_max));
    f.add(m::mask_multiplied, softmax_loops(times, Shift::row_max), "softmax_rows(S % mask)")
        .add(m::mask_added_to_weights, plus_mask, "softmax_rows(S) + mask")
        .add(m::mask_after_softmax, cut, "softmax_rows(S), hidden weights set to 0")
        .add(m::mask_with_zero, softmax_loops(zeroed, Shift::row_max), "hidden scores set to 0")
        .add(m::mask_large_finite_value, softmax_loops(plus_large, Shift::row_max), "S + (-1e9 where hidden)", 1e-5)
        .add(m::mask_large_finite_value, softmax_loops(set_large, Shift::row_max), "hidden scores set to -1e9", 1e-5)
        .add(m::mask_ignored, plain, "the mask not used");
    add_softmax_slips(f, hidden);
    return f;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(softmax_rows)

BOOST_AUTO_TEST_CASE(matches_the_tutorials_row_1_2_3) {
    // independent: exp by hand, e^1, e^2, e^3 over their total
    const double e1 = std::exp(1.0), e2 = std::exp(2.0), e3 = std::exp(3.0), t = e1 + e2 + e3;
    const arma::mat got = attn::softmax_rows(arma::mat{{1.0, 2.0, 3.0}});
    BOOST_TEST(matrices_close(got, arma::mat{{e1 / t, e2 / t, e3 / t}}, 1e-12, "softmax([1,2,3])"));
    BOOST_TEST(matrices_close(got, arma::mat{{0.09, 0.24, 0.67}}, 0.005, "softmax([1,2,3]) to 2 decimals"));
}

BOOST_AUTO_TEST_CASE(each_row_sums_to_one_over_keys) {
    // A 4x6 matrix tells the wrong normalisations apart: columns summing to 1
    // (softmax down the columns), everything summing to 1 (over the whole matrix),
    // or each row's largest entry equal to 1 (divided by the row's maximum).
    const arma::mat A = attn::softmax_rows(random_scores());
    attn_test::recognise(A, random_family());
    for (arma::uword i = 0; i < A.n_rows; ++i)
        BOOST_TEST(std::abs(arma::accu(A.row(i)) - 1.0) < 1e-12,
                   "row " << i << " sums to " << arma::accu(A.row(i)) << "; each query's weights must sum to 1 over the keys (rows, not columns)");
}

BOOST_AUTO_TEST_CASE(large_scores_do_not_overflow) {
    const arma::mat A = attn::softmax_rows(arma::mat{{1000.0, 999.0, 998.0}});
    BOOST_TEST(A.is_finite(), "scores near 1000 gave inf or NaN: subtract each row's maximum before exp");
}

BOOST_AUTO_TEST_CASE(rows_far_apart_each_keep_their_weights) {
    // One row spanning 1500, and two rows 2000 apart: any shift is right in exact
    // arithmetic, but in doubles only each row's own maximum keeps every row finite.
    const arma::mat S{{0.0, 1500.0}, {1000.0, 1001.0}, {-1000.0, -999.0}};
    const arma::mat want = softmax_by_hand(S);
    const arma::mat A = attn::softmax_rows(S);
    // (too small to tell every wrong shift apart: every_kind_family names them)
    BOOST_TEST(matrices_close(A, want, 1e-12, "softmax of rows far apart"),
               "each row's weights must not depend on the other rows: subtract each row's own maximum");
}

BOOST_AUTO_TEST_CASE(hidden_keys_rows_far_apart_and_a_row_of_minus_infinity) {
    const attn_test::Family family = every_kind_family();
    const arma::mat A = attn::softmax_rows(rows_of_every_kind());
    attn_test::recognise(A, family);
    BOOST_TEST(matrices_close(A, family.right, 1e-12, "softmax of 4 rows of every kind"),
               "row 2 is all -infinity (a query that may see nothing): it must come out as zeros, not NaN");
}

BOOST_AUTO_TEST_CASE(masked_keys_get_exactly_zero) {
    const arma::mat A = attn::softmax_rows(arma::mat{{1.0, -INFINITY, 2.0}});
    BOOST_TEST(A(0, 1) == 0.0, "a key at -infinity must get weight exactly 0, got " << A(0, 1));
    BOOST_TEST(std::abs(A(0, 0) + A(0, 2) - 1.0) < 1e-12,
               "the two visible keys must share the whole budget: " << A(0, 0) << " + " << A(0, 2) << " is not 1");
}

BOOST_AUTO_TEST_CASE(fully_masked_row_is_all_zeros) {
    const arma::mat A = attn::softmax_rows(arma::mat{{-INFINITY, -INFINITY}, {0.0, 0.0}});
    BOOST_TEST(A(0, 0) == 0.0, "a row with every key masked attends to nothing: zeros, not NaN");
    BOOST_TEST(A(0, 1) == 0.0, "a row with every key masked attends to nothing: zeros, not NaN");
    BOOST_TEST(A(1, 0) == 0.5, "row [0, 0] must split evenly, 0.5 each; got " << A(1, 0) << " (is each row on its own?)");
}

BOOST_AUTO_TEST_CASE(rejects_nan) {
    const std::string msg = attn_test::input_error_of("softmax_rows", [] { attn::softmax_rows(arma::mat{{1.0, NAN}}); });
    BOOST_TEST(msg.find("softmax_rows:") == 0, "a score of NaN must throw InputError naming softmax_rows; got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(rejects_plus_infinity) {
    const std::string msg = attn_test::input_error_of("softmax_rows", [] { attn::softmax_rows(arma::mat{{1.0, INFINITY}}); });
    BOOST_TEST(msg.find("softmax_rows:") == 0, "a score of +infinity must throw InputError naming softmax_rows; got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(equal_scores_split_evenly) {
    const arma::mat got = attn::softmax_rows(arma::mat{{1.0, 1.0, 1.0}});
    BOOST_TEST(matrices_close(got, arma::mat{{1.0 / 3, 1.0 / 3, 1.0 / 3}}, 1e-12, "softmax([1,1,1])"));
    BOOST_TEST(matrices_close(got, arma::mat{{0.33, 0.33, 0.33}}, kTwoDecimals, "softmax([1,1,1]) to 2 decimals"));
}

BOOST_AUTO_TEST_CASE(stretching_1_2_3_by_8_nearly_picks_one_key) {
    const arma::mat got = attn::softmax_rows(arma::mat{{8.0, 16.0, 24.0}});
    // independent: divide top and bottom by e^24
    const double t = std::exp(-16.0) + std::exp(-8.0) + 1.0;
    BOOST_TEST(matrices_close(got, arma::mat{{std::exp(-16.0) / t, std::exp(-8.0) / t, 1.0 / t}}, 1e-12, "softmax([8,16,24])"));
    BOOST_TEST(matrices_close(got, arma::mat{{0.0000, 0.0003, 0.9997}}, 0.00005 + 1e-12, "softmax([8,16,24]) to 4 decimals"));
}

BOOST_AUTO_TEST_CASE(weights_are_never_negative) {
    arma::arma_rng::set_seed(8);
    const arma::mat A = attn::softmax_rows(arma::randn(6, 7) * 20.0);
    BOOST_TEST(A.min() >= 0.0, "found a weight of " << A.min() << "; e^x is never negative");
}

BOOST_AUTO_TEST_CASE(a_bigger_score_always_gets_a_bigger_weight) {
    arma::arma_rng::set_seed(9);
    const arma::mat S = arma::randn(5, 6) * 2.0;
    const arma::mat A = attn::softmax_rows(S);
    for (arma::uword i = 0; i < S.n_rows; ++i)
        for (arma::uword j = 0; j < S.n_cols; ++j)
            for (arma::uword k = 0; k < S.n_cols; ++k)
                if (S(i, j) > S(i, k))
                    BOOST_TEST(A(i, j) > A(i, k), "row " << i << ": score " << S(i, j) << " > " << S(i, k)
                                                         << " but weight " << A(i, j) << " <= " << A(i, k));
}

BOOST_AUTO_TEST_CASE(adding_a_constant_to_a_row_changes_nothing) {
    arma::arma_rng::set_seed(10);
    const arma::mat S = arma::randn(4, 5);
    const arma::mat A = attn::softmax_rows(S);
    for (double c : {-50.0, 3.0, 100.0, 700.0})
        BOOST_TEST(matrices_close(attn::softmax_rows(S + c), A, 1e-12, "softmax(S + " + std::to_string(c) + ")"));
}

BOOST_AUTO_TEST_CASE(each_row_is_its_own_distribution) {
    // Changing one row must not touch the others (softmax over the whole
    // matrix, or down the columns, would).
    arma::mat S = {{1.0, 2.0, 3.0}, {0.5, 0.5, 4.0}};
    const arma::mat A = attn::softmax_rows(S);
    BOOST_TEST(matrices_close(A, softmax_by_hand(S), 1e-12, "softmax of a 2x3 matrix, row by row"));
    S(1, 2) = -3.0;
    BOOST_TEST(matrices_close(attn::softmax_rows(S).row(0), A.row(0), 1e-12, "row 0 after changing row 1"));
}

BOOST_AUTO_TEST_CASE(a_row_of_length_one_gets_exactly_one) {
    const arma::mat A = attn::softmax_rows(arma::mat(arma::colvec{-3.5, 0.0, 42.0}));
    for (arma::uword i = 0; i < 3; ++i)
        BOOST_TEST(A(i, 0) == 1.0, "a single key takes the whole budget: exactly 1, got " << A(i, 0));
}

BOOST_AUTO_TEST_CASE(scores_near_710_give_the_same_weights_as_1_2_3) {
    const arma::mat A = attn::softmax_rows(arma::mat{{708.0, 709.0, 710.0}});
    BOOST_TEST(matrices_close(A, softmax_by_hand(arma::mat{{1.0, 2.0, 3.0}}), 1e-12, "softmax([708,709,710])"));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(masked_softmax)

BOOST_AUTO_TEST_CASE(hides_keys_in_rows_of_every_range_and_zeroes_a_row_with_nothing_visible) {
    const attn_test::Family family = masked_softmax_family();
    const arma::mat A = attn::masked_softmax(masked_scores(), masked_mask());
    attn_test::recognise(A, family);
    BOOST_TEST(matrices_close(A, family.right, 1e-12, "weights of 4 queries over 5 keys"),
               "row 0 hides keys 1 and 3, row 1 key 4, row 2 every key (it must come out as zeros), row 3 none");
}

BOOST_AUTO_TEST_CASE(hidden_keys_get_exactly_zero_and_the_rest_sum_to_one) {
    const arma::mat S = {{1.0, 2.0, 3.0}, {1.0, 2.0, 3.0}};
    const arma::umat allowed = {{1, 0, 1}, {1, 1, 0}};
    const arma::mat A = attn::masked_softmax(S, attn::additive_mask(allowed));
    BOOST_TEST(A(0, 1) == 0.0, "key 1 is hidden from query 0: its weight must be exactly 0, got " << A(0, 1));
    BOOST_TEST(A(1, 2) == 0.0, "key 2 is hidden from query 1: its weight must be exactly 0, got " << A(1, 2));
    for (arma::uword i = 0; i < 2; ++i)
        BOOST_TEST(std::abs(arma::accu(A.row(i)) - 1.0) < 1e-12,
                   "row " << i << " sums to " << arma::accu(A.row(i))
                          << "; hide the keys BEFORE softmax (with -infinity), not by zeroing weights after it");
}

BOOST_AUTO_TEST_CASE(matches_softmax_over_the_visible_keys_only) {
    arma::arma_rng::set_seed(12);
    const arma::mat S = arma::randn(4, 4) * 2.0;
    arma::umat allowed(4, 4, arma::fill::zeros);
    for (arma::uword i = 0; i < 4; ++i)
        for (arma::uword j = 0; j <= i; ++j) allowed(i, j) = 1;  // each query sees itself and earlier keys
    arma::mat hidden = S;
    for (arma::uword i = 0; i < 4; ++i)
        for (arma::uword j = i + 1; j < 4; ++j) hidden(i, j) = -INFINITY;
    BOOST_TEST(matrices_close(attn::masked_softmax(S, attn::additive_mask(allowed)), softmax_by_hand(hidden), 1e-12, "masked weights"));
}

BOOST_AUTO_TEST_CASE(allowing_everything_is_plain_softmax) {
    const arma::mat S = {{0.3, -1.0, 2.0}};
    const arma::umat all(1, 3, arma::fill::ones);
    BOOST_TEST(matrices_close(attn::masked_softmax(S, attn::additive_mask(all)), softmax_by_hand(S), 1e-12, "nothing hidden"));
}

BOOST_AUTO_TEST_CASE(a_row_with_nothing_allowed_is_all_zeros) {
    const arma::mat S = {{1.0, 2.0}, {3.0, 4.0}};
    const arma::umat allowed = {{0, 0}, {1, 1}};
    const arma::mat A = attn::masked_softmax(S, attn::additive_mask(allowed));
    BOOST_TEST((A(0, 0) == 0.0 && A(0, 1) == 0.0),
               "a query that may see no key gets all zeros (softmax_rows' documented rule), got " << A(0, 0) << ", " << A(0, 1));
    BOOST_TEST(std::abs(A(1, 0) + A(1, 1) - 1.0) < 1e-12,
               "row 1 may see both keys: its weights must sum to 1; got " << A(1, 0) + A(1, 1));
}

BOOST_AUTO_TEST_CASE(rejects_a_mask_of_another_shape) {
    const arma::mat S(3, 3, arma::fill::zeros);
    const arma::umat allowed(3, 2, arma::fill::ones);
    const std::string msg = attn_test::shape_error_of([&] { attn::masked_softmax(S, attn::additive_mask(allowed)); });
    BOOST_TEST(msg.find("masked_softmax:") == 0, "a 3x2 mask on 3x3 scores must throw ShapeError naming masked_softmax; got '" << msg << "'");
    BOOST_TEST(msg.find("3x3") != std::string::npos, "the message should give the scores' shape 3x3; got '" << msg << "'");
    BOOST_TEST(msg.find("3x2") != std::string::npos, "the message should give the mask's shape 3x2; got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(an_additive_mask_of_minus_infinity_hides_and_zero_keeps) {
    // The mask is added to the scores: -inf hides a key, 0 leaves its score alone.
    const arma::mat S = {{1.0, 2.0, 3.0}};
    const arma::mat mask = {{0.0, -INFINITY, 0.0}};
    const arma::mat A = attn::masked_softmax(S, mask);
    BOOST_TEST(A(0, 1) == 0.0, "a key masked with -inf must get exactly 0, got " << A(0, 1));
    const arma::mat visible = {{1.0, 3.0}};
    const arma::mat expected = softmax_by_hand(visible);
    BOOST_TEST((std::abs(A(0, 0) - expected(0, 0)) < 1e-12 && std::abs(A(0, 2) - expected(0, 1)) < 1e-12),
               "the visible keys share the weight as softmax over them alone: " << A(0, 0) << ", " << A(0, 2));
}

BOOST_AUTO_TEST_CASE(rejects_nan_or_plus_infinity_in_the_mask) {
    const arma::mat S(2, 2, arma::fill::zeros);
    for (const double bad : {NAN, INFINITY}) {
        arma::mat mask(2, 2, arma::fill::zeros);
        mask(1, 0) = bad;
        const std::string msg = attn_test::input_error_of("masked_softmax", [&] { attn::masked_softmax(S, mask); });
        BOOST_TEST(msg.find("masked_softmax:") == 0, "a mask holding " << bad << " must throw InputError naming masked_softmax; got '" << msg << "'");
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(softmax_jvp)

BOOST_AUTO_TEST_CASE(matches_the_jacobian_written_out) {
    const arma::rowvec a = softmax_by_hand(arma::mat{{1.0, 2.0, 3.0}});
    const arma::rowvec v = {0.5, -1.0, 2.0};
    BOOST_TEST(matrices_close(attn::softmax_jvp(a, v), jacobian_times(a, v), 1e-12, "J v at softmax([1,2,3])"));
}

BOOST_AUTO_TEST_CASE(matches_central_differences_of_softmax) {
    arma::arma_rng::set_seed(13);
    const arma::rowvec s = arma::randn<arma::rowvec>(6);
    const arma::rowvec v = arma::randn<arma::rowvec>(6);
    const double h = 1e-5;
    // d/dh softmax(s + h v) at h = 0 is J v (J is symmetric).
    const arma::rowvec numeric = (arma::rowvec(softmax_by_hand(s + h * v)) - arma::rowvec(softmax_by_hand(s - h * v))) / (2 * h);
    const arma::rowvec got = attn::softmax_jvp(softmax_by_hand(s), v);
    const double rel = arma::norm(got - numeric) / arma::norm(got + numeric);
    BOOST_TEST(rel < 1e-8, "relative difference from central differences is " << rel);
}

BOOST_AUTO_TEST_CASE(its_entries_sum_to_zero) {
    // The weights always sum to 1, so no nudge of the scores can change that total.
    arma::arma_rng::set_seed(14);
    const arma::rowvec a = softmax_by_hand(arma::randn<arma::rowvec>(5));
    const arma::rowvec g = attn::softmax_jvp(a, arma::randn<arma::rowvec>(5));
    BOOST_TEST(std::abs(arma::accu(g)) < 1e-12, "J v sums to " << arma::accu(g) << ", should be 0");
}

BOOST_AUTO_TEST_CASE(vanishes_when_softmax_saturates) {
    const arma::rowvec v = {1.0, -1.0, 0.5};
    const arma::rowvec mild = attn::softmax_jvp(softmax_by_hand(arma::mat{{1.0, 2.0, 3.0}}), v);
    const arma::rowvec sharp = attn::softmax_jvp(softmax_by_hand(arma::mat{{8.0, 16.0, 24.0}}), v);
    BOOST_TEST(arma::abs(sharp).max() < 0.01 * arma::abs(mild).max(),
               "stretched by 8, the gradient should be about a thousand times smaller; got " << arma::abs(sharp).max()
                                                                                             << " against " << arma::abs(mild).max());
}

BOOST_AUTO_TEST_CASE(rejects_vectors_of_different_lengths) {
    const std::string msg = attn_test::shape_error_of(
        [&] { attn::softmax_jvp(arma::rowvec{0.5, 0.5}, arma::rowvec{1.0, 2.0, 3.0}); });
    BOOST_TEST(msg.find("softmax_jvp:") == 0, "a of length 2 with v of length 3 must throw ShapeError; got '" << msg << "'");
    BOOST_TEST(msg.find("1x3") != std::string::npos, "the message should give v's shape 1x3; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(softmax_questions)

BOOST_AUTO_TEST_CASE(outputs_are_not_strictly_between_0_and_1) {
    BOOST_TEST(!attn::softmax_outputs_strictly_between_0_and_1(),
               "try a row with a single score (its weight is exactly 1) and a row with a masked key (exactly 0): "
               "what always holds is: weights >= 0 that add up to 1");
}

BOOST_AUTO_TEST_CASE(a_single_key_gets_weight_one) {
    const double got = attn::softmax_weight_of_only_key();
    BOOST_TEST(got == 1.0, "you answered " << got << "; softmax([s]) = e^s / e^s = 1 for any s");
}

BOOST_AUTO_TEST_CASE(a_masked_key_gets_weight_zero) {
    const double got = attn::softmax_weight_of_masked_key();
    BOOST_TEST(got == 0.0, "you answered " << got << "; e^-infinity = 0, so the key's share of the total is exactly 0");
}

BOOST_AUTO_TEST_CASE(shifting_a_row_changes_nothing) {
    BOOST_TEST(!attn::softmax_changes_when_row_is_shifted(),
               "e^(s + 100) = e^100 e^s: the factor e^100 appears in every entry and in the total, and cancels");
}

BOOST_AUTO_TEST_CASE(softmax_never_reorders) {
    BOOST_TEST(!attn::softmax_can_reorder_scores(),
               "exp only grows as its input grows, and every entry is divided by the same total: the order is kept");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(chapter)

BOOST_AUTO_TEST_CASE(naive_softmax_breaks_at_710_in_double_and_89_in_float) {
    // independent: where exp itself overflows
    BOOST_TEST(std::isfinite(std::exp(709.0)));
    BOOST_TEST(std::isinf(std::exp(710.0)));
    BOOST_TEST(std::isfinite(std::exp(88.0f)));
    BOOST_TEST(std::isinf(std::exp(89.0f)));
    BOOST_TEST(attn::softmax_lab::naive_breaking_score_double() == 710);
    BOOST_TEST(attn::softmax_lab::naive_breaking_score_float() == 89);
    BOOST_TEST(!attn::softmax_lab::naive_softmax(arma::rowvec{708.0, 709.0, 710.0}).is_finite());
    BOOST_TEST(attn::softmax_lab::naive_softmax(arma::rowvec{707.0, 708.0, 709.0}).is_finite());
}

BOOST_AUTO_TEST_CASE(naive_and_stable_agree_on_small_scores) {
    const arma::rowvec s = {1.0, 2.0, 3.0};
    BOOST_TEST(matrices_close(attn::softmax_lab::naive_softmax(s), softmax_by_hand(s), 1e-12, "naive softmax([1,2,3])"));
    const arma::frowvec f = attn::softmax_lab::naive_softmax(arma::frowvec{1.0f, 2.0f, 3.0f});
    BOOST_TEST(std::abs(f(2) - 0.66524096f) < 1e-6f);
}

BOOST_AUTO_TEST_CASE(the_jacobian_built_from_jvp_matches_the_formula) {
    const arma::rowvec a = softmax_by_hand(arma::mat{{1.0, 2.0, 3.0}});
    const arma::mat J = attn::softmax_lab::softmax_jacobian(a);
    arma::mat expected(3, 3);
    for (arma::uword i = 0; i < 3; ++i)
        for (arma::uword j = 0; j < 3; ++j) expected(i, j) = a(i) * ((i == j ? 1.0 : 0.0) - a(j));
    BOOST_TEST(matrices_close(J, expected, 1e-12, "softmax Jacobian"));
    BOOST_TEST(std::abs(attn::softmax_lab::jacobian_size(a) - arma::norm(expected, "fro")) < 1e-12);
}

BOOST_AUTO_TEST_CASE(the_saturation_curve_runs_from_0_1_to_32) {
    const auto c = attn::softmax_lab::default_stretches();
    BOOST_TEST(c.size() == 41u);
    BOOST_TEST(std::abs(c.front() - 0.1) < 1e-12);
    BOOST_TEST(c.back() == 32.0);
    const auto pts = attn::softmax_lab::saturation_curve(arma::rowvec{1.0, 2.0, 3.0}, c);
    for (std::size_t k = 1; k < pts.size(); ++k)
        BOOST_TEST(pts[k].largest_weight > pts[k - 1].largest_weight, "the largest weight grows with the stretch");
    BOOST_TEST(pts.front().gradient_size > 0.4, "near-even weights: the gradient is large");
    BOOST_TEST(pts.back().gradient_size < 1e-6, "stretched by 32: the gradient is practically gone");
    BOOST_TEST(pts.back().largest_weight > 0.999999);
}

BOOST_AUTO_TEST_CASE(the_figures_hold_the_computed_numbers) {
    const auto bars = attn::softmax_lab::saturation_bars(arma::rowvec{1.0, 2.0, 3.0}, 8.0);
    const auto& b = std::get<attn::plot::BarChart>(bars.panels.at(0));
    BOOST_TEST(b.groups.size() == 2u);
    const arma::rowvec a1 = softmax_by_hand(arma::mat{{1.0, 2.0, 3.0}}), a8 = softmax_by_hand(arma::mat{{8.0, 16.0, 24.0}});
    for (std::size_t j = 0; j < 3; ++j) {
        BOOST_TEST(std::abs(b.groups[0].values[j] - a1(j)) < 1e-12);
        BOOST_TEST(std::abs(b.groups[1].values[j] - a8(j)) < 1e-12);
    }
    const auto curve = attn::softmax_lab::saturation_curve_figure(
        attn::softmax_lab::saturation_curve(arma::rowvec{1.0, 2.0, 3.0}, attn::softmax_lab::default_stretches()));
    const auto& l = std::get<attn::plot::LineChart>(curve.panels.at(0));
    BOOST_TEST(l.series.size() == 2u);
    BOOST_TEST(l.log_x);
}

BOOST_AUTO_TEST_SUITE_END()

// Every slip the tests above recognise gives numbers of its own on the input it is
// recognised on (attn_test::coincidences): the proof that a diagnosis is never a guess.
BOOST_AUTO_TEST_SUITE(distinguishable)

BOOST_AUTO_TEST_CASE(softmax_rows) {
    attn_test::require_distinguishable({random_family(), every_kind_family()});
}

BOOST_AUTO_TEST_CASE(masked_softmax) { attn_test::require_distinguishable({masked_softmax_family()}); }

BOOST_AUTO_TEST_SUITE_END()
