// Chapter 03 tests: softmax, row by row.
// One suite per exercise (its name is the exercise's name); `chapter` holds the tests
// of the chapter's lab (src/labs/softmax_lab.cpp).
//
// Expected values come from the tutorial's printed numbers and from the loops of
// tests/support/oracles.hpp, never from the code under test. Each exercise's first
// check runs the learner's function on a few inputs and names the mistake behind a
// wrong result (tests/support/diagnosis.hpp); `distinguishable` proves that those
// inputs tell every two declared mistakes apart.
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch03_softmax)

#include <algorithm>
#include <cmath>
#include <tuple>
#include <string>
#include <vector>

#include "check_progress.hpp"
#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"
#include "core/mask.hpp"
#include "labs/softmax_lab.hpp"
#include "support/diagnosis.hpp"
#include "support/families.hpp"
#include "support/oracles.hpp"
#include "support/relations.hpp"

using namespace attn_test;
namespace m = attn_test::mistakes;

namespace {

// the contract's shape rules, for a check of other sizes (support/relations.hpp)
[[maybe_unused]] const bool rules_known =
    contract_rules("masked_softmax", {{"S", "mask", "the mask's shape against S's, L_Q x L_K"}}) &&
    contract_rules("softmax_jvp", {{"a", "v", "a's length against v's, L_K"}});

constexpr double kTwoDecimals = 0.005 + 1e-12;

arma::mat softmax_by_hand(const arma::mat& S) { return softmax_by_loops(S); }

// J v with J(i, j) = a_i (delta_ij - a_j), written out in full.
arma::rowvec jacobian_times(const arma::rowvec& a, const arma::rowvec& v) {
    arma::rowvec out(a.n_elem, arma::fill::zeros);
    for (arma::uword i = 0; i < a.n_elem; ++i)
        for (arma::uword j = 0; j < a.n_elem; ++j) out(i) += a(i) * ((i == j ? 1.0 : 0.0) - a(j)) * v(j);
    return out;
}

const Axes kWeights = axes("query", "key");

// ---------------------------------------------------------------- softmax, right and wrong
// The chapter of the softmax declares every pairing of its slips (tests/support/
// families.hpp): each shift with each normaliser, with and without the rule for a row
// of nothing but -inf, and the other ways of writing it. `even_rows`: whether a row of
// nothing but -inf spread evenly is a way of its own (where the mask is the learner's,
// a mask of -1e9 gives the same numbers, and the mask's slip names both).
SoftmaxSlips every_pairing(bool even_rows) {
    SoftmaxSlips which;
    which.every_pairing = true;
    which.spread_evenly = even_rows;
    return which;
}

// 4 queries over 5 keys: row 0 with keys hidden (-inf), row 1 near 1000, row 2 with
// every key hidden, row 3 near 1.
arma::mat rows_of_every_kind() {
    return {{1.0, -INFINITY, 0.5, -INFINITY, 1.5},
            {1000.0, 1002.0, 1001.5, 999.0, -INFINITY},
            {-INFINITY, -INFINITY, -INFINITY, -INFINITY, -INFINITY},
            {0.5, 1.75, 1.25, 2.25, 0.75}};
}
arma::mat random_scores() {
    arma::arma_rng::set_seed(5);
    return arma::randn(4, 6) * 3.0;
}
// Positive scores of a 3x3 block, rows apart: without exp the rows still sum to 1.
arma::mat positive_scores() { return {{0.5, 2.0, 1.5}, {3.0, 0.25, 1.0}, {1.25, 1.75, 4.0}}; }
// More queries than keys, 5 over 3; row 0 with its first key hidden, row 1 its last.
arma::mat tall_scores() {
    return {{-INFINITY, 0.5, 1.5}, {2.0, 1.0, -INFINITY}, {0.3, -1.2, 0.8}, {1.0, 2.0, -0.5}, {-0.7, 0.2, 2.5}};
}

// Scores far below 0: rows 0 and 1 lie under -745, where exp(s) is 0 unless shifted by the
// row's own maximum; row 1 with a key hidden, row 2 near -1.
arma::mat far_below_zero_scores() {
    return {{-1000.0, -1001.0, -1002.0}, {-1001.5, -INFINITY, -1000.5}, {-0.5, -2.0, -1.0}};
}

// The slips of a softmax written by hand that only its own loops make (the family's are in
// tests/support/families.hpp): a row taken as wholly hidden by one key, the shift on one
// side of the fraction, the loop over the rows run to the number of keys, the maximum
// started at 0 (a shift of max(0, row max): exp underflows to 0 / 0 on a row far below 0,
// and the test m == -inf never holds, or a total of 0 taken for a hidden row), each
// exponential divided by the total so far, the loop ended at the first row of -inf. T: the
// scores the softmax is taken of (S, or S + mask), by loops.
enum class OwnSoftmax { hidden_by_first, hidden_by_last, hidden_by_any, shift_top, shift_bottom, shift_top_unguarded,
                        rows_to_keys, max_reread_in_place, max_from_zero, max_from_zero_row_tested,
                        max_from_zero_total_tested, running_total, return_at_hidden_row };
arma::mat own_softmax(const arma::mat& T, OwnSoftmax way) {
    arma::mat A(T.n_rows, T.n_cols, arma::fill::zeros);
    const double ninf = -arma::datum::inf;
    // a row of nothing but -inf left at 0, or the maximum read again after each entry of the
    // row was overwritten with its exponential (in place, on a copy of T)
    if (way == OwnSoftmax::max_reread_in_place) {
        for (arma::uword i = 0; i < T.n_rows; ++i) {
            arma::rowvec r = T.row(i);
            if (r.max() == ninf) continue;
            for (arma::uword j = 0; j < r.n_elem; ++j) r(j) = std::exp(r(j) - r.max());
            A.row(i) = r / arma::accu(r);
        }
        return A;
    }
    for (arma::uword i = 0; i < T.n_rows; ++i) {
        if (way == OwnSoftmax::rows_to_keys && i >= T.n_cols) break;
        double mx = ninf;
        bool first = false, last = false, any = false;
        for (arma::uword j = 0; j < T.n_cols; ++j) {
            mx = std::max(mx, T(i, j));
            any = any || T(i, j) == ninf;
        }
        first = T.n_cols > 0 && T(i, 0) == ninf;
        last = T.n_cols > 0 && T(i, T.n_cols - 1) == ninf;
        const bool hidden = mx == ninf || (way == OwnSoftmax::hidden_by_first && first) ||
                            (way == OwnSoftmax::hidden_by_last && last) || (way == OwnSoftmax::hidden_by_any && any);
        // a row of -inf ending the loop: it and every row after it left at 0
        if (hidden && way == OwnSoftmax::return_at_hidden_row) return A;
        // a maximum started at 0 is never -inf: the row of -inf is caught only when tested by its
        // own maximum, or by its total of 0 (which also zeroes a row whose exponentials underflow)
        if (hidden && way != OwnSoftmax::shift_top_unguarded && way != OwnSoftmax::max_from_zero &&
            way != OwnSoftmax::max_from_zero_total_tested)
            continue;
        if (way == OwnSoftmax::max_from_zero || way == OwnSoftmax::max_from_zero_row_tested ||
            way == OwnSoftmax::max_from_zero_total_tested)
            mx = std::max(0.0, mx);
        const bool top = way == OwnSoftmax::shift_top || way == OwnSoftmax::shift_top_unguarded,
                   bottom = way == OwnSoftmax::shift_bottom;
        double total = 0;
        if (way == OwnSoftmax::running_total) {
            // entry j over the exponentials of keys 0..j (0 / 0 where the first keys are hidden)
            for (arma::uword j = 0; j < T.n_cols; ++j) {
                const double e = std::exp(T(i, j) - mx);
                total += e;
                A(i, j) = e / total;
            }
            continue;
        }
        for (arma::uword j = 0; j < T.n_cols; ++j) total += std::exp(top ? T(i, j) : T(i, j) - mx);
        if (way == OwnSoftmax::max_from_zero_total_tested && total == 0) continue;
        for (arma::uword j = 0; j < T.n_cols; ++j) A(i, j) = std::exp(bottom ? T(i, j) : T(i, j) - mx) / total;
    }
    return A;
}
void own_softmax_variants(Probe& p, const arma::mat& T) {
    const auto as = [](const arma::mat& A) { return result("A", A, kWeights); };
    const std::vector<std::tuple<OwnSoftmax, const Mistake*, const char*>> ways = {
        {OwnSoftmax::hidden_by_first, &m::masked_row_tested_on_one_key, "s(0) == -inf"},
        {OwnSoftmax::hidden_by_last, &m::masked_row_tested_on_one_key, "s(L_K - 1) == -inf"},
        {OwnSoftmax::hidden_by_any, &m::masked_row_tested_on_one_key, "any(s == -inf)"},
        {OwnSoftmax::shift_top, &m::softmax_shift_on_one_side, "exp(s - max) / sum(exp(s))"},
        {OwnSoftmax::shift_bottom, &m::softmax_shift_on_one_side, "exp(s) / sum(exp(s - max))"},
    };
    for (const auto& [way, mk, how] : ways) p.variant(*mk, as(own_softmax(T, way))).labelled(how);
    p.variant(m::softmax_max_read_after_overwrite, as(own_softmax(T, OwnSoftmax::max_reread_in_place)));
    p.variant(m::softmax_max_started_at_zero, as(own_softmax(T, OwnSoftmax::max_from_zero))).labelled("m = 0.0, m == -inf tested");
    p.variant(m::softmax_max_started_at_zero, as(own_softmax(T, OwnSoftmax::max_from_zero_row_tested)))
        .labelled("m = 0.0, the row's own maximum tested");
    p.variant(m::softmax_max_started_at_zero, as(own_softmax(T, OwnSoftmax::max_from_zero_total_tested)))
        .labelled("m = 0.0, a total of 0 taken for a hidden row");
    p.variant(m::softmax_divided_by_running_total, as(own_softmax(T, OwnSoftmax::running_total)));
    p.variant(m::softmax_returns_at_hidden_row, as(own_softmax(T, OwnSoftmax::return_at_hidden_row)));
    // the same without the rule for a row of nothing but -inf (NaN there): two slips
    p.variant(m::softmax_shift_on_one_side, as(own_softmax(T, OwnSoftmax::shift_top_unguarded)))
        .labelled("exp(s - max) / sum(exp(s)), no rule for a row of -inf")
        .combined();
    // the rows to L_K: bounded by L_Q too, or past the last row where L_K > L_Q
    p.variant(m::softmax_row_loop_to_key_count, as(own_softmax(T, OwnSoftmax::rows_to_keys)))
        .labelled("i < S.n_cols && i < S.n_rows");
    if (T.n_cols > T.n_rows)
        p.variant_fitting(m::softmax_row_loop_to_key_count, Result::throws(Threw::armadillo_index, "out of bounds"),
                          [](const Result& r) { return r.threw == Threw::armadillo_index; })
            .labelled("i < S.n_cols");
    else
        p.variant(m::softmax_row_loop_to_key_count, as(own_softmax(T, OwnSoftmax::rows_to_keys))).labelled("i < S.n_cols");
}

Diagnosis softmax_rows_diagnosis() {
    Diagnosis d("softmax_rows");
    for (const auto& [input, S] : std::vector<std::pair<std::string, arma::mat>>{
             {"4x6 random scores", random_scores()},
             {"4x5 scores with hidden keys, a row near 1000 and a row of nothing but -inf", rows_of_every_kind()},
             {"3x3 positive scores", positive_scores()},
             {"5x3 scores (more queries than keys), a row with its first key hidden and one with its last",
              tall_scores()},
             {"3x3 scores far below 0 (rows 0 and 1 all under -745, where exp(s) alone is 0), a key hidden in row 1",
              far_below_zero_scores()},
             // the first input's shape, first entry, sum, largest and smallest entry: a result kept
             // from an earlier call under any of these shows
             {"the 4x6 random scores again, their entries after the first in reverse order",
              same_summary_other_order(random_scores())},
             // a row of nothing but -inf with two rows after it: a loop that ends there leaves both
             {"4x3 scores, row 1 with every key hidden and two rows after it",
              arma::mat{{0.5, 1.5, -1.0}, {-INFINITY, -INFINITY, -INFINITY}, {2.0, -0.5, 1.0}, {-1.5, 0.25, 3.0}}}}) {
        const arma::mat in = S;
        Probe& p = d.probe(input, [in] { return result("A", attn::softmax_rows(in), kWeights); },
                           result("A", softmax_by_loops(in), kWeights));
        add_softmax_slips(p, in, [](const arma::mat& A) { return result("A", A, kWeights); }, every_pairing(true));
        own_softmax_variants(p, in);
        p.quantity("L_K", static_cast<double>(in.n_cols));
    }
    return d;
}

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
        arma::mat mk(4, 5, arma::fill::zeros);
        mk(0, 1) = mk(0, 3) = mk(1, 4) = -INFINITY;
        mk.row(2).fill(-INFINITY);
        return mk;
    }();
    return M;
}
// A square case: 4 queries over 4 keys with a causal mask and one more key hidden
// (so that the mask transposed shows).
arma::mat square_scores() {
    arma::arma_rng::set_seed(21);
    return arma::abs(arma::randn(4, 4)) * 2.0 + 0.1;
}
arma::mat square_mask() {
    arma::mat mk = causal_mask_by_loops(4);
    mk(3, 1) = -INFINITY;
    return mk;
}

// Every natural wrong masked_softmax of (S, M), as variants of probe p: the mask's slips
// and the softmax's, each giving the weights.
void masked_softmax_variants(Probe& p, const arma::mat& S, const arma::mat& M) {
    const Finish weights = [S, M](const AttentionWay& w) { return result("A", weights_by_loops(S, M, w).weights, kWeights); };
    MaskSlips which;
    // s * 0 = 0 and s * -inf = -inf for s > 0: finite numbers only on positive scores
    which.multiplied = S.min() > 0;
    which.transposed = S.n_rows == S.n_cols;
    // the row's maximum taken before the mask: seen only where a hidden score towers over the visible ones
    which.shift_before_mask = true;
    // softmax of the plain scores, the hidden weights zeroed and each row divided by what is
    // left: a softmax before the mask (hence 0 / 0 where a hidden key towers), and 0 / 0 on a
    // row with nothing visible
    which.renormalised = true;
    // S - mask: +infinity where a key is hidden (softmax_rows refuses it), NaN with a softmax of one's own
    which.subtracted = true;
    add_mask_slips(p, M, weights, which);
    add_softmax_slips(p, weights, every_pairing(false));
}

Diagnosis masked_softmax_diagnosis() {
    Diagnosis d("masked_softmax");
    const std::vector<std::tuple<std::string, arma::mat, arma::mat>> inputs = {
        {"4x5 scores (one row near 1000) with keys hidden, and a row with every key hidden", masked_scores(),
         masked_mask()},
        {"4x4 positive scores under a causal mask, key 1 also hidden from query 3", square_scores(), square_mask()},
        // the same shape, first entry, sum, largest and smallest score: a result kept from an
        // earlier call under any of these shows
        {"the 4x4 positive scores again, their entries after the first in reverse order, under the same mask",
         same_summary_other_order(square_scores()), square_mask()},
        {"3x4 scores where a hidden key's score lies 1000 above the visible ones (row 0) or 800 (row 1)",
         arma::mat{{1000.0, 0.0, 1.0, -1.0}, {2.0, 1.0, 800.0, 0.5}, {0.5, 1.5, -0.5, 1.0}},
         arma::mat{{-INFINITY, 0.0, 0.0, 0.0}, {0.0, 0.0, -INFINITY, 0.0}, {0.0, 0.0, 0.0, -INFINITY}}},
        // query 3 sees every key, its first score 1500 above the others: a shift by the row's
        // mean or minimum overflows there, where S - mask (nothing hidden) is still right
        {"5x3 scores (more queries than keys), key 0 hidden from query 0, key 2 from query 1, every key from query 4, "
         "and query 3's first score 1500 above its others",
         arma::mat{{0.5, 1.0, 2.0}, {2.0, 1.0, 3.0}, {0.3, 1.2, 0.8}, {1500.0, 2.0, 0.5}, {0.7, 0.2, 2.5}},
         arma::mat{{-INFINITY, 0.0, 0.0}, {0.0, 0.0, -INFINITY}, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0},
                   {-INFINITY, -INFINITY, -INFINITY}}},
        // rows 0 and 1 far below 0: exp(s) underflows to 0 unless shifted by the row's own maximum
        {"3x4 scores far below 0 (rows 0 and 1 all under -745), key 3 hidden from query 0 and key 0 from query 1",
         arma::mat{{-1000.0, -1001.0, -1002.0, -1000.5}, {-1003.0, -1001.5, -1000.25, -1002.0}, {0.5, -1.0, 1.5, 0.25}},
         arma::mat{{0.0, 0.0, 0.0, -INFINITY}, {-INFINITY, 0.0, 0.0, 0.0}, {0.0, 0.0, 0.0, 0.0}}}};
    for (const auto& [input, S, M] : inputs) {
        const arma::mat s = S, mk = M;
        Probe& p = d.probe(input, [s, mk] { return result("A", attn::masked_softmax(s, mk), kWeights); },
                           result("A", softmax_by_loops(s + mk), kWeights));
        masked_softmax_variants(p, s, mk);
        own_softmax_variants(p, s + mk);
        // the scores scaled first (chapter 05's habit), by the root of a count of tokens
        for (const auto& [c, how] : std::vector<std::pair<double, const char*>>{
                 {static_cast<double>(s.n_cols), "S / sqrt(S.n_cols)"}, {static_cast<double>(s.n_rows), "S / sqrt(S.n_rows)"}})
            p.variant(m::masked_softmax_scores_scaled, result("A", softmax_by_loops(s / std::sqrt(c) + mk), kWeights))
                .labelled(how);
        arma::umat hidden = arma::conv_to<arma::umat>::from(mk == -arma::datum::inf);
        p.region("the hidden keys", "A", hidden);
    }
    return d;
}

// --- softmax_jvp: one row's gradient through softmax --------------------------------
// The natural wrong versions of (J v)_i = a_i (v_i - a . v): the softmax's backward
// pass for one row, whose slips chapter 11's softmax_rows_backward shares (families.hpp).
void jvp_variants(Probe& p, const arma::rowvec& a, const arma::rowvec& v) {
    const arma::mat A(a), dA(v);
    for (const JvpSlip& s : jvp_slips(true))
        p.variant(*s.mistake, result("Jv", arma::rowvec(softmax_backward_by_loops(A, dA, s.way)), entries("key")))
            .labelled(s.how);
    // a . v summed in an int: each addition cut to a whole number
    double dot = 0;
    for (arma::uword k = 0; k < a.n_elem; ++k) dot = static_cast<double>(static_cast<int>(dot + a(k) * v(k)));
    p.variant(m::softmax_jvp_dot_in_integer, result("Jv", arma::rowvec(a % (v - dot)), entries("key")));
}

Diagnosis softmax_jvp_diagnosis() {
    Diagnosis d("softmax_jvp");
    arma::arma_rng::set_seed(13);
    const arma::rowvec s1 = arma::randn<arma::rowvec>(6), v1 = arma::randn<arma::rowvec>(6);
    const std::vector<std::tuple<std::string, arma::rowvec, arma::rowvec>> inputs = {
        {"a = softmax([1, 2, 3]), v = [0.5, -1, 2]", softmax_by_loops(arma::mat{{1.0, 2.0, 3.0}}),
         arma::rowvec{0.5, -1.0, 2.0}},
        {"a = softmax of 6 random scores, v random", softmax_by_loops(arma::mat(s1)), v1}};
    for (const auto& [input, a, v] : inputs) {
        const arma::rowvec aa = a, vv = v;
        Probe& p = d.probe(input, [aa, vv] { return result("Jv", attn::softmax_jvp(aa, vv), entries("key")); },
                           result("Jv", jacobian_times(aa, vv), entries("key")));
        jvp_variants(p, aa, vv);
    }
    return d;
}

}  // namespace

// ==================================================================== softmax_rows
BOOST_AUTO_TEST_SUITE(softmax_rows)

BOOST_AUTO_TEST_CASE(matches_softmax_by_loops_on_rows_of_every_kind) {
    // random rows, rows with hidden keys, a row near 1000, a row of nothing but -inf
    softmax_rows_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(matches_the_tutorials_row_1_2_3) {
    // independent: exp by hand, e^1, e^2, e^3 over their total
    const double e1 = std::exp(1.0), e2 = std::exp(2.0), e3 = std::exp(3.0), t = e1 + e2 + e3;
    const arma::mat got = attn::softmax_rows(arma::mat{{1.0, 2.0, 3.0}});
    BOOST_TEST(matrices_close(got, arma::mat{{e1 / t, e2 / t, e3 / t}}, 1e-12, "softmax([1,2,3])", kWeights));
    BOOST_TEST(matrices_close(got, arma::mat{{0.09, 0.24, 0.67}}, 0.005, "softmax([1,2,3]) to 2 decimals", kWeights));
}

BOOST_AUTO_TEST_CASE(each_row_sums_to_one_over_keys) {
    const arma::mat A = attn::softmax_rows(random_scores());
    for (arma::uword i = 0; i < A.n_rows; ++i)
        BOOST_TEST(std::abs(arma::accu(A.row(i)) - 1.0) < 1e-12,
                   "row " << i << " sums to " << arma::accu(A.row(i))
                          << "; each query's weights must sum to 1 over the keys (rows, not columns)");
}

BOOST_AUTO_TEST_CASE(large_scores_do_not_overflow) {
    const arma::mat A = attn::softmax_rows(arma::mat{{1000.0, 999.0, 998.0}});
    BOOST_TEST(A.is_finite(), "scores near 1000 gave inf or NaN: subtract each row's maximum before exp");
}

BOOST_AUTO_TEST_CASE(rows_far_apart_each_keep_their_weights) {
    // One row spanning 1500, and two rows 2000 apart: any shift is right in exact
    // arithmetic, but in doubles only each row's own maximum keeps every row finite.
    const arma::mat S{{0.0, 1500.0}, {1000.0, 1001.0}, {-1000.0, -999.0}};
    BOOST_TEST(matrices_close(attn::softmax_rows(S), softmax_by_hand(S), 1e-12, "softmax of rows far apart", kWeights),
               "each row's weights must not depend on the other rows (3 queries over 2 keys: every row is computed, "
               "each shifted by its own maximum)");
}

BOOST_AUTO_TEST_CASE(masked_keys_get_exactly_zero) {
    const arma::mat A = attn::softmax_rows(arma::mat{{1.0, -INFINITY, 2.0}});
    BOOST_TEST(A(0, 1) == 0.0, "a key at -infinity must get weight exactly 0, got " << A(0, 1));
    BOOST_TEST(std::abs(A(0, 0) + A(0, 2) - 1.0) < 1e-12,
               "the two visible keys must share the whole budget: " << A(0, 0) << " + " << A(0, 2) << " is not 1");
}

BOOST_AUTO_TEST_CASE(fully_masked_row_is_all_zeros) {
    const arma::mat A = attn::softmax_rows(arma::mat{{-INFINITY, -INFINITY}, {0.0, 0.0}});
    BOOST_TEST(A(0, 0) == 0.0, "a row with every key masked attends to nothing: zeros, not NaN; got " << A(0, 0));
    BOOST_TEST(A(0, 1) == 0.0, "a row with every key masked attends to nothing: zeros, not NaN; got " << A(0, 1));
    BOOST_TEST(A(1, 0) == 0.5, "row [0, 0] must split evenly, 0.5 each; got " << A(1, 0) << " (is each row on its own?)");
}

BOOST_AUTO_TEST_CASE(rejects_nan) {
    const std::string msg = refusal_of<attn::InputError>("softmax_rows", [] { attn::softmax_rows(arma::mat{{1.0, NAN}}); });
    if (msg.empty()) return;  // refusal_of has said what went wrong
    BOOST_TEST(msg.find("softmax_rows:") == 0, "a score of NaN must throw InputError naming softmax_rows; got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(rejects_plus_infinity) {
    const std::string msg =
        refusal_of<attn::InputError>("softmax_rows", [] { attn::softmax_rows(arma::mat{{1.0, INFINITY}}); });
    if (msg.empty()) return;  // refusal_of has said what went wrong
    BOOST_TEST(msg.find("softmax_rows:") == 0, "a score of +infinity must throw InputError naming softmax_rows; got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(rejects_rows_with_no_keys) {
    // 3 queries and no key at all: no budget to share (a fully masked row has keys, each at -inf)
    if (!results_right(softmax_rows_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_softmax_by_loops_on_rows_of_every_kind passes");
        return;
    }
    // an InputError naming softmax_rows, all the contract words (refusal_of checks both)
    refusal_of<attn::InputError>("softmax_rows", [] { attn::softmax_rows(arma::mat(3, 0)); });
}

BOOST_AUTO_TEST_CASE(no_queries_give_no_rows) {
    // 0 x L_K is no query at all, which the contract allows: 0 x L_K back, nothing thrown
    if (!results_right(softmax_rows_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_softmax_by_loops_on_rows_of_every_kind passes");
        return;
    }
    // 0x0 too: no queries (and so no row without keys to refuse)
    for (const arma::uword L_K : {4, 0}) {
        const Result got = attempt([L_K] { return result("A", attn::softmax_rows(arma::mat(0, L_K)), kWeights); });
        const std::string shape = "0x" + std::to_string(L_K);
        if (refused_valid_input(got, "softmax_rows", "scores " + shape + " (no queries)")) return;
        const std::string instead = unless_shape(got, "A", 0, L_K);
        BOOST_TEST(instead.empty(), "scores " << shape << " (no queries) must give weights " << shape
                                              << " without an error (only rows with no keys, L_Q x 0 with L_Q >= 1, are "
                                                 "refused); got " << instead);
    }
}

BOOST_AUTO_TEST_CASE(equal_scores_split_evenly) {
    const arma::mat got = attn::softmax_rows(arma::mat{{1.0, 1.0, 1.0}});
    BOOST_TEST(matrices_close(got, arma::mat{{1.0 / 3, 1.0 / 3, 1.0 / 3}}, 1e-12, "softmax([1,1,1])", kWeights));
    BOOST_TEST(matrices_close(got, arma::mat{{0.33, 0.33, 0.33}}, kTwoDecimals, "softmax([1,1,1]) to 2 decimals", kWeights));
}

BOOST_AUTO_TEST_CASE(stretching_1_2_3_by_8_nearly_picks_one_key) {
    const arma::mat got = attn::softmax_rows(arma::mat{{8.0, 16.0, 24.0}});
    // independent: divide top and bottom by e^24
    const double t = std::exp(-16.0) + std::exp(-8.0) + 1.0;
    BOOST_TEST(matrices_close(got, arma::mat{{std::exp(-16.0) / t, std::exp(-8.0) / t, 1.0 / t}}, 1e-12,
                              "softmax([8,16,24])", kWeights));
    BOOST_TEST(matrices_close(got, arma::mat{{0.0000, 0.0003, 0.9997}}, 0.00005 + 1e-12, "softmax([8,16,24]) to 4 decimals",
                              kWeights));
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
        BOOST_TEST(matrices_close(attn::softmax_rows(S + c), A, 1e-12, "softmax(S + " + std::to_string(c) + ")", kWeights));
}

BOOST_AUTO_TEST_CASE(each_row_is_its_own_distribution) {
    // Changing one row must not touch the others (softmax over the whole
    // matrix, or down the columns, would).
    arma::mat S = {{1.0, 2.0, 3.0}, {0.5, 0.5, 4.0}};
    const arma::mat A = attn::softmax_rows(S);
    BOOST_TEST(matrices_close(A, softmax_by_hand(S), 1e-12, "softmax of a 2x3 matrix, row by row", kWeights));
    S(1, 2) = -3.0;
    BOOST_TEST(matrices_close(attn::softmax_rows(S).row(0), A.row(0), 1e-12, "row 0 after changing row 1", entries("key")));
}

BOOST_AUTO_TEST_CASE(a_row_of_length_one_gets_exactly_one) {
    const arma::mat A = attn::softmax_rows(arma::mat(arma::colvec{-3.5, 0.0, 42.0}));
    for (arma::uword i = 0; i < 3; ++i)
        BOOST_TEST(A(i, 0) == 1.0, "a single key takes the whole budget: exactly 1, got " << A(i, 0));
}

BOOST_AUTO_TEST_CASE(a_hidden_single_key_gets_exactly_zero) {
    // a row of nothing but -inf with a single key: 1 / L_K is 1 there, in integers too (where
    // 1 / S.n_cols is 0, right, for several keys)
    if (!results_right(softmax_rows_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_softmax_by_loops_on_rows_of_every_kind passes");
        return;
    }
    const arma::mat A = attn::softmax_rows(arma::mat(arma::colvec{2.0, -INFINITY, -0.5}));
    SoftmaxWay even;
    even.even_empty_rows = true;
    if (A.n_rows == 3 && A.n_cols == 1 && A(0, 0) == 1.0 && A(1, 0) == 1.0 && A(2, 0) == 1.0)
        return report(*mistake_of(even), "");
    BOOST_TEST(matrices_close(A, arma::mat(arma::colvec{1.0, 0.0, 1.0}), 1e-12,
                              "softmax_rows of 3 queries over a single key, hidden from query 1", kWeights));
}

BOOST_AUTO_TEST_CASE(scores_near_710_give_the_same_weights_as_1_2_3) {
    const arma::mat A = attn::softmax_rows(arma::mat{{708.0, 709.0, 710.0}});
    BOOST_TEST(matrices_close(A, softmax_by_hand(arma::mat{{1.0, 2.0, 3.0}}), 1e-12, "softmax([708,709,710])", kWeights));
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== masked_softmax
BOOST_AUTO_TEST_SUITE(masked_softmax)

BOOST_AUTO_TEST_CASE(hides_keys_in_rows_of_every_range_and_zeroes_a_row_with_nothing_visible) {
    // row 0 hides keys 1 and 3, row 1 key 4, row 2 every key (it must come out as
    // zeros), row 3 none; and a causal 4x4 case
    masked_softmax_diagnosis().judge();
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
    BOOST_TEST(matrices_close(attn::masked_softmax(S, attn::additive_mask(allowed)),
                              softmax_by_hand(S + causal_mask_by_loops(4)), 1e-12, "masked weights", kWeights));
}

BOOST_AUTO_TEST_CASE(allowing_everything_is_plain_softmax) {
    const arma::mat S = {{0.3, -1.0, 2.0}};
    const arma::umat all(1, 3, arma::fill::ones);
    BOOST_TEST(matrices_close(attn::masked_softmax(S, attn::additive_mask(all)), softmax_by_hand(S), 1e-12,
                              "nothing hidden", kWeights));
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
    const std::string msg =
        refusal_of<attn::ShapeError>("masked_softmax", [&] { attn::masked_softmax(S, attn::additive_mask(allowed)); }, {},
                                     "a mask of 3x2 on scores of 3x3");
    if (msg.empty()) return;  // refusal_of has said what went wrong
    BOOST_TEST(msg.find("masked_softmax:") == 0, "a 3x2 mask on 3x3 scores must throw ShapeError naming masked_softmax; got '" << msg << "'");
    BOOST_TEST(msg.find("3x3") != std::string::npos, "the message should give the scores' shape 3x3; got '" << msg << "'");
    BOOST_TEST(msg.find("3x2") != std::string::npos, "the message should give the mask's shape 3x2; got '" << msg << "'");
    // as many entries in another shape (S 2x3, mask 3x2): a check of n_elem lets it through
    refusal_of<attn::ShapeError>("masked_softmax",
                                 [&] { attn::masked_softmax(arma::mat(2, 3, arma::fill::zeros), arma::mat(3, 2, arma::fill::zeros)); },
                                 {}, "a mask of 3x2 on scores of 2x3 (as many entries, another shape)");
    // an empty mask is a mask of another shape, not "no mask"
    if (refusal_of<attn::ShapeError>("masked_softmax", [&] { attn::masked_softmax(S, arma::mat()); }, {},
                                     "a mask of 0x0 on scores of 3x3").empty()) return;
    // one row of mask for every query (broadcast, as PyTorch would), or one column for every key:
    // the mask must be L_Q x L_K itself, also where there is no query
    if (refusal_of<attn::ShapeError>("masked_softmax", [&] { attn::masked_softmax(S, arma::mat(1, 3, arma::fill::zeros)); }, {},
                                     "a mask of 1x3 (one row for every query) on scores of 3x3")
            .empty())
        return;
    if (refusal_of<attn::ShapeError>("masked_softmax", [&] { attn::masked_softmax(S, arma::mat(3, 1, arma::fill::zeros)); }, {},
                                     "a mask of 3x1 (one column for every key) on scores of 3x3")
            .empty())
        return;
    refusal_of<attn::ShapeError>("masked_softmax",
                                 [&] { attn::masked_softmax(arma::mat(0, 3), arma::mat(1, 3, arma::fill::zeros)); }, {},
                                 "a mask of 1x3 on scores of 0x3 (no queries)");
}

BOOST_AUTO_TEST_CASE(no_queries_give_no_rows) {
    // S 0 x L_K with a mask 0 x L_K: no query, nothing to hide; 0 x L_K back (0x0 too)
    if (!results_right(masked_softmax_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once hides_keys_in_rows_of_every_range_and_zeroes_a_row_with_nothing_visible passes");
        return;
    }
    for (const arma::uword L_K : {4, 0}) {
        const Result got = attempt([L_K] { return result("A", attn::masked_softmax(arma::mat(0, L_K), arma::mat(0, L_K)), kWeights); });
        const std::string shape = "0x" + std::to_string(L_K);
        if (refused_valid_input(got, "masked_softmax", "scores and mask " + shape + " (no queries)")) return;
        const std::string instead = unless_shape(got, "A", 0, L_K);
        BOOST_TEST(instead.empty(), "scores and mask " << shape << " (no queries) must give weights " << shape
                                                       << " without an error; got " << instead);
    }
}

BOOST_AUTO_TEST_CASE(an_additive_mask_of_minus_infinity_hides_and_zero_keeps) {
    // The mask is added to the scores: -inf hides a key, 0 leaves its score alone.
    const arma::mat S = {{1.0, 2.0, 3.0}};
    const arma::mat mask = {{0.0, -INFINITY, 0.0}};
    const arma::mat A = attn::masked_softmax(S, mask);
    BOOST_TEST(A(0, 1) == 0.0, "a key masked with -inf must get exactly 0, got " << A(0, 1));
    const arma::mat expected = softmax_by_hand(arma::mat{{1.0, 3.0}});
    BOOST_TEST((std::abs(A(0, 0) - expected(0, 0)) < 1e-12 && std::abs(A(0, 2) - expected(0, 1)) < 1e-12),
               "the visible keys share the weight as softmax over them alone: " << A(0, 0) << ", " << A(0, 2));
}

BOOST_AUTO_TEST_CASE(rejects_scores_with_no_keys) {
    // like softmax_rows: 3 queries over no key at all (the refusal may be softmax_rows', which it may call)
    if (!results_right(masked_softmax_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once hides_keys_in_rows_of_every_range_and_zeroes_a_row_with_nothing_visible passes");
        return;
    }
    const arma::mat S(3, 0), mask(3, 0);
    // an InputError naming masked_softmax (or softmax_rows), all the contract words
    refusal_of<attn::InputError>("masked_softmax", [&] { attn::masked_softmax(S, mask); }, {"softmax_rows"});
}

BOOST_AUTO_TEST_CASE(rejects_nan_or_plus_infinity_in_the_scores) {
    // like softmax_rows: a score of NaN or +infinity poisons its row, whatever the mask
    // hides (the refusal may be softmax_rows', which it may call)
    if (!results_right(masked_softmax_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once hides_keys_in_rows_of_every_range_and_zeroes_a_row_with_nothing_visible passes");
        return;
    }
    const arma::mat mask(2, 2, arma::fill::zeros);
    for (const double bad : {NAN, INFINITY}) {
        const arma::mat S = {{1.0, bad}, {0.0, 0.0}};
        const std::string input = std::string("scores holding ") + (std::isnan(bad) ? "NaN" : "+infinity");
        // an InputError naming masked_softmax (or softmax_rows), all the contract words
        if (refusal_of<attn::InputError>("masked_softmax", [&] { attn::masked_softmax(S, mask); }, {"softmax_rows"},
                                         input)
                .empty())
            return;
    }
}

BOOST_AUTO_TEST_CASE(a_score_of_minus_infinity_is_accepted_as_softmax_rows_accepts_it) {
    // the scores are refused like softmax_rows' (NaN, +infinity, no keys), and softmax_rows takes
    // -infinity as a key with weight 0: a score already at -inf is hidden like a masked key,
    // also where the mask hides it as well (-inf + -inf = -inf)
    if (!results_right(masked_softmax_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once hides_keys_in_rows_of_every_range_and_zeroes_a_row_with_nothing_visible passes");
        return;
    }
    const arma::mat S = {{1.0, -INFINITY, 2.0, 0.5}, {-INFINITY, 0.25, 1.5, -1.0}, {3.0, 1.0, -INFINITY, 2.0}};
    const arma::mat mask = {{0.0, 0.0, -INFINITY, 0.0}, {-INFINITY, 0.0, 0.0, 0.0}, {0.0, 0.0, 0.0, 0.0}};
    const Result got = attempt([&] { return result("A", attn::masked_softmax(S, mask), kWeights); });
    if (refused_valid_input(got, "masked_softmax", "scores holding -infinity (a key the scores themselves rule out, "
                                                   "which softmax_rows takes as weight 0) with a mask")) return;
    if (got.threw != Threw::nothing) {
        BOOST_ERROR("scores holding -infinity (a key the scores themselves rule out) must be taken as softmax_rows takes "
                    "them, weight 0, not refused: only NaN and +infinity are refused, in S as in the mask; got "
                    << got.type << ": " << got.message);
        return;
    }
    BOOST_TEST(matrices_close(got.parts.at(0).value, softmax_by_hand(S + mask), 1e-12,
                              "masked weights of scores holding -infinity", kWeights));
}

BOOST_AUTO_TEST_CASE(rejects_nan_or_plus_infinity_in_the_mask) {
    const arma::mat S(2, 2, arma::fill::zeros);
    for (const double bad : {NAN, INFINITY}) {
        arma::mat mask(2, 2, arma::fill::zeros);
        mask(1, 0) = bad;
        const std::string msg = refusal_of<attn::InputError>("masked_softmax", [&] { attn::masked_softmax(S, mask); }, {},
                                                             std::string("a mask holding ") + (std::isnan(bad) ? "NaN" : "+infinity"));
        if (msg.empty()) return;  // refusal_of has said what went wrong
        BOOST_TEST(msg.find("masked_softmax:") == 0,
                   "a mask holding " << bad << " must throw InputError naming masked_softmax; got '" << msg << "'");
    }
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== softmax_jvp
BOOST_AUTO_TEST_SUITE(softmax_jvp)

BOOST_AUTO_TEST_CASE(matches_the_jacobian_written_out) { softmax_jvp_diagnosis().judge(); }

BOOST_AUTO_TEST_CASE(matches_central_differences_of_softmax) {
    arma::arma_rng::set_seed(13);
    const arma::rowvec s = arma::randn<arma::rowvec>(6);
    const arma::rowvec v = arma::randn<arma::rowvec>(6);
    const double h = 1e-5;
    // d/dh softmax(s + h v) at h = 0 is J v (J is symmetric).
    const arma::rowvec numeric =
        (arma::rowvec(softmax_by_hand(s + h * v)) - arma::rowvec(softmax_by_hand(s - h * v))) / (2 * h);
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
               "stretched by 8, the gradient should be about a thousand times smaller; got "
                   << arma::abs(sharp).max() << " against " << arma::abs(mild).max());
}

BOOST_AUTO_TEST_CASE(no_keys_give_an_empty_row) {
    // a and v 1x0 have the same length, the one rule of the contract: (J v)_i for no i is a row of no entries
    if (!results_right(softmax_jvp_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_the_jacobian_written_out passes");
        return;
    }
    const Result got = attempt([] { return result("Jv", attn::softmax_jvp(arma::rowvec(), arma::rowvec()), entries("key")); });
    if (refused_valid_input(got, "softmax_jvp", "a and v 1x0 (no keys)")) return;
    BOOST_TEST((got.threw == Threw::nothing && got.parts.at(0).value.n_rows == 1 && got.parts.at(0).value.n_cols == 0),
               "a and v 1x0 (no keys) must give J v 1x0 without an error (the contract refuses only a and v of different "
               "lengths); got "
                   << (got.threw == Threw::nothing ? attn::shape_of(got.parts.at(0).value) : got.type + ": " + got.message));
}

BOOST_AUTO_TEST_CASE(rejects_vectors_of_different_lengths) {
    const std::string msg = refusal_of<attn::ShapeError>(
        "softmax_jvp", [&] { attn::softmax_jvp(arma::rowvec{0.5, 0.5}, arma::rowvec{1.0, 2.0, 3.0}); });
    if (msg.empty()) return;  // refusal_of has said what went wrong
    BOOST_TEST(msg.find("softmax_jvp:") == 0, "a of length 2 with v of length 3 must throw ShapeError; got '" << msg << "'");
    BOOST_TEST(msg.find("1x3") != std::string::npos, "the message should give v's shape 1x3; got '" << msg << "'");
    // and a longer than v: a check of one direction only lets it through
    const std::string longer = refusal_of<attn::ShapeError>(
        "softmax_jvp", [&] { attn::softmax_jvp(arma::rowvec{0.25, 0.25, 0.5}, arma::rowvec{1.0, 2.0}); }, {},
        "a of length 3 with v of length 2");
    BOOST_TEST((longer.empty() || longer.find("1x2") != std::string::npos),
               "a of length 3 with v of length 2: the message should give v's shape 1x2; got '" << longer << "'");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== softmax_questions
BOOST_AUTO_TEST_SUITE(softmax_questions)

BOOST_AUTO_TEST_CASE(outputs_are_not_strictly_between_0_and_1) {
    judge_answer<bool>("are softmax's outputs always strictly between 0 and 1?",
                       attn::softmax_outputs_strictly_between_0_and_1(), false,
                       {{true, &m::thinks_softmax_never_reaches_0_or_1}}, "");
}

BOOST_AUTO_TEST_CASE(a_single_key_gets_weight_one) {
    const double got = attn::softmax_weight_of_only_key();
    judge_answer<double>("the weight of a row's only key", got, 1.0, {{got, &m::thinks_a_lone_key_shares_its_weight}}, "");
}

BOOST_AUTO_TEST_CASE(a_masked_key_gets_weight_zero) {
    const double got = attn::softmax_weight_of_masked_key();
    // -infinity is the key's score; a small positive number, a weight it keeps
    std::vector<WrongAnswer<double>> wrong = {{-INFINITY, &m::thinks_the_masked_weight_is_its_score},
                                              {NAN, &m::thinks_the_masked_weight_is_undefined}};
    if (got > 0) wrong.push_back({got, &m::thinks_a_masked_key_keeps_some_weight});
    judge_answer<double>("the weight of a key whose score is -infinity", got, 0.0, wrong,
                         "e^-infinity = 0 in the numerator, so the weight is exactly 0");
}

BOOST_AUTO_TEST_CASE(shifting_a_row_changes_nothing) {
    judge_answer<bool>("do the weights change when 100 is added to every score of a row?",
                       attn::softmax_changes_when_row_is_shifted(), false, {{true, &m::thinks_a_shift_changes_softmax}},
                       "");
}

BOOST_AUTO_TEST_CASE(softmax_never_reorders) {
    judge_answer<bool>("can a bigger score ever get a smaller weight?", attn::softmax_can_reorder_scores(), false,
                       {{true, &m::thinks_softmax_can_reorder}}, "");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== chapter
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

// The inputs of each diagnosis tell every two declared mistakes apart, each variant
// shows, and each is named as itself: the proof that a name is never a guess.
BOOST_AUTO_TEST_SUITE(distinguishable)

BOOST_AUTO_TEST_CASE(softmax_rows) { softmax_rows_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(masked_softmax) { masked_softmax_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(softmax_jvp) { softmax_jvp_diagnosis().require_distinguishable(); }

BOOST_AUTO_TEST_SUITE_END()
