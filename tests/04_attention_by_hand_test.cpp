// Chapter 04 tests: attention by hand on "I love LLMs".
// One suite per exercise (its name is the exercise's name); `chapter` holds the tests
// of the chapter's non-exercise code (src/labs/attention_by_hand_lab.cpp).
//
// Dimension legend: L_Q = query positions, L_K = key positions, d_k = width of a query
// and a key, d_v = width of a value.
//
// Expected values are the tutorial's printed numbers (2 decimals) and values computed
// here with scalar loops (tests/support/oracles.hpp), never with the code under test.
// Each exercise's first check runs the learner's function on a few inputs and names the
// mistake behind a wrong result (tests/support/diagnosis.hpp); `distinguishable` proves
// that those inputs tell every two declared mistakes apart.
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch04_attention_by_hand)

#include <algorithm>
#include <cmath>
#include <functional>
#include <iomanip>
#include <sstream>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include "check_progress.hpp"
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"
#include "core/worked_example.hpp"
#include "labs/attention_by_hand_lab.hpp"
#include "support/diagnosis.hpp"
#include "support/families.hpp"
#include "support/oracles.hpp"
#include "support/relations.hpp"

using namespace attn_test;
namespace m = attn_test::mistakes;

namespace {

// the contract's shape rules, for a check of other sizes (support/relations.hpp)
[[maybe_unused]] const bool rules_known =
    contract_rules("scores", {{"Q", "K", "Q's columns against K's columns, d_k (d_q = d_k)"}}) &&
    contract_rules("attention_weights", {{"Q", "K", "Q's columns against K's columns, d_k (d_q = d_k)"}}) &&
    contract_rules("attend", {{"A", "V", "A's columns against V's rows, L_K (one value per key)"}}) &&
    contract_rules("mix_value_rows", {{"weights", "V", "the weights' length against V's rows, L_K"}}) &&
    contract_rules("llms_output_row", {{"A", "V", "A's columns against V's rows, L_K (one value per key)"}}) &&
    contract_rules("inside_value_range", {{"z", "V", "z's length against V's columns, d_v"}});

constexpr double kTwoDecimals = 0.005 + 1e-12;  // "equal when rounded to 2 decimals"

const Axes kScores = axes("query", "key");
const Axes kOutput = axes("query", "feature");

// The weights put through a softmax once more before they are spent on the values: a slip of
// the softmax family (families.hpp), named by the way it is made.
const Mistake& softmaxed_again() {
    SoftmaxWay twice;
    twice.twice = true;
    return *mistake_of(twice);
}

// The tutorial's Q, K and V of "I love LLMs" (whole numbers, exact).
const arma::mat kQ = {{2, 1, 0, 0}, {1, 2, 0, 1}, {1, 0, 1, 2}};
const arma::mat kK = {{2, 0, 1, 0}, {0, 2, 0, 1}, {1, 0, 0, 2}};
const arma::mat kV = {{1, 1, 0, 0}, {2, 0, 0, 1}, {1, 0, 1, 0}};
// Its score table Q K^T, the halved table, and the printed (rounded) A and Z.
const arma::mat kS = {{4, 2, 2}, {2, 5, 3}, {3, 2, 5}};
const arma::mat kHalved = {{2, 1, 1}, {1, 2.5, 1.5}, {1.5, 1, 2.5}};
const arma::mat kA2dp = {{0.58, 0.21, 0.21}, {0.14, 0.63, 0.23}, {0.23, 0.14, 0.63}};
const arma::mat kZ2dp = {{1.21, 0.58, 0.21, 0.21}, {1.63, 0.14, 0.23, 0.63}, {1.14, 0.23, 0.63, 0.14}};

// Random Q (L_Q x d_k), K (L_K x d_k) and V (L_K x d_v) from a fixed seed.
struct Random {
    arma::mat Q, K, V;
    Random(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v, int seed = 11) {
        arma::arma_rng::set_seed(seed);
        Q = arma::randn(L_Q, d_k);
        K = arma::randn(L_K, d_k);
        V = arma::randn(L_K, d_v);
    }
};

// Entry (i, j) = row i of P dotted with row j of R, by loops.
arma::mat dot_table(const arma::mat& P, const arma::mat& R) {
    arma::mat S(P.n_rows, R.n_rows);
    for (arma::uword i = 0; i < P.n_rows; ++i)
        for (arma::uword j = 0; j < R.n_rows; ++j) {
            double s = 0;
            for (arma::uword c = 0; c < P.n_cols; ++c) s += P(i, c) * R(j, c);
            S(i, j) = s;
        }
    return S;
}
// Every entry divided by c, by loops.
arma::mat divided(const arma::mat& S, double c) {
    arma::mat out(arma::size(S));
    for (arma::uword k = 0; k < S.n_elem; ++k) out(k) = S(k) / c;
    return out;
}
arma::mat transposed(const arma::mat& M) { return arma::mat(M.t()); }

arma::mat softmax_by_hand(const arma::mat& S) { return softmax_by_loops(S); }
arma::mat mix_by_hand(const arma::mat& A, const arma::mat& V) { return product_by_loops(A, V); }

// The unrounded tutorial weights and output, computed here from the halved table.
arma::mat exact_A() { return softmax_by_hand(kHalved); }
arma::mat exact_Z() { return mix_by_hand(exact_A(), kV); }

// What Armadillo throws for two shapes that do not fit, or an index past the end.
// (the needle is the start of Armadillo's message, so that another misfit is not taken for this one)
Result size_error() { return Result::throws(Threw::armadillo_size, "matrix multiplication"); }
Result sum_error() { return Result::throws(Threw::armadillo_size, "addition"); }
Result index_error() { return Result::throws(Threw::armadillo_index, "out of bounds"); }
Result row_index_error() { return Result::throws(Threw::armadillo_index, "Mat::row(): index out of bounds"); }

// The sizes in play on an input, for the relations (a result scaled by sqrt(d_k), ...).
void sizes(Probe& p, const arma::mat& Q, const arma::mat& K) {
    p.quantity("d_k", static_cast<double>(K.n_cols))
        .quantity("L_K", static_cast<double>(K.n_rows))
        .quantity("L_Q", static_cast<double>(Q.n_rows));
}

// ------------------------------------------------------------------ scores

// Q K^T can go wrong in its product (K Q^T, by operator* or by loops; Q Q^T; the
// transpose left out, Q * K, or on the wrong factor, Q.t() * K: the wiring slips of
// tests/support/families.hpp), by dividing already (the next step's job), or by a shape
// rule that is not one (L_Q = L_K). Shapes that do not fit make Armadillo throw.
void scores_variants(Probe& p, const arma::mat& Q, const arma::mat& K) {
    const bool square = Q.n_rows == K.n_rows;
    const double d_k = static_cast<double>(K.n_cols);
    auto as = [](const arma::mat& S) { return result("S", S, kScores); };
    const Finish scores = [&](const AttentionWay& w) -> Outcome {
        // for (i < L_Q) for (j < L_K) S(i, j) = dot(Q.row(j), K.row(i)): an index past the end unless L_Q = L_K
        if (w.written == Written::loops && !square) return index_error();
        if (!refused_step(Q, K, arma::mat(), arma::mat(), w).empty()) return size_error();
        return as(scores_by_loops(Q, K, w.scores));
    };
    WiringSlips wiring;
    wiring.ways = {Wiring::scores_k_q, Wiring::scores_k_q_in_loops, Wiring::scores_q_q, Wiring::scores_q_times_k,
                   Wiring::scores_qt_times_k};
    add_attention_wiring_slips(p, scores, wiring);
    // S(i, j) = dot(Q.row(i), K.col(j)): a column of K where its row belongs, Q K where the
    // lengths agree (d_k = L_K), else Armadillo refuses the dot product of its first pair
    p.variant(mistake_of(Wiring::scores_q_times_k),
              K.n_cols == K.n_rows ? as(product_by_loops(Q, K)) : Result::throws(Threw::armadillo_size, "dot()"))
        .labelled("dot(Q.row(i), K.col(j))");
    p.variant(m::scores_scaled_too_early, as(divided(dot_table(Q, K), std::sqrt(d_k))));
    add_rule_slip(p, NotARule::l_q_equals_l_k, square, as(dot_table(Q, K)));
}

Diagnosis scores_diagnosis() {
    Diagnosis d("scores");
    const Random wide(2, 5, 3, 4), narrow(2, 3, 3, 2, 7), deep(2, 4, 5, 1, 19), again(2, 3, 4, 1, 29),
        same(3, 3, 4, 1, 31);
    // (the last: L_Q well below d_k, so that a dot product run to L_Q is not the one run
    // to d_k - 1)
    const std::vector<std::tuple<std::string, arma::mat, arma::mat>> inputs = {
        {"the worked example's Q and K (3 tokens, d_k 4)", kQ, kK},
        {"2 queries, 5 keys, d_k 3", wide.Q, wide.K},
        {"2 queries, 3 keys, d_k 3", narrow.Q * 1.5, narrow.K},
        // S of the shape of the input before, from other values: a result kept from call to call shows
        {"2 queries, 3 keys, d_k 4", again.Q, again.K},
        {"2 queries, 4 keys, d_k 5", deep.Q, deep.K},
        // the worked example's shapes with other values: a result kept for those shapes shows
        {"3 queries, 3 keys, d_k 4, other numbers than the worked example's", same.Q, same.K}};
    for (const auto& [input, Q, K] : inputs) {
        const arma::mat q = Q, k = K;
        Probe& p = d.probe(input, [q, k] { return result("S", attn::scores(q, k), kScores); },
                           result("S", dot_table(q, k), kScores));
        scores_variants(p, q, k);
        // each key read from Q, Q.row(j) where K.row(j) belongs (a line copied, one name kept):
        // Q Q^T, past Q's last row where there are more keys than queries
        p.on_other_input(k.n_rows <= q.n_rows ? result("S", arma::mat(dot_table(q, q).cols(0, k.n_rows - 1)), kScores)
                                              : Result::throws(Threw::armadillo_index),
                         "Q in place of K: each key was read from Q (Q.row(j) where K.row(j) belongs), a line "
                         "copied and one name not changed");
        // (the rows to L_K: the loops with i and j swapped, on these inputs)
        add_product_loop_slips(p, "S", q, arma::mat(k.t()), {"Q", "K^T", "d_k", {"the rows to B.n_cols"}, "", true});
        // only the width: where a count of tokens takes the same value, a factor with two
        // names would be named by neither
        p.quantity("d_k", static_cast<double>(k.n_cols));
    }
    return d;
}

// sqrt(d_k) made a whole number by rounding up (std::ceil, or a loop counting up to the first s
// with s * s >= d_k) or to the nearest (std::round): ways of the integer square root whose
// truncated way families.hpp declares; finish: what the exercise gives for that divisor.
void add_rounded_root_slips(Probe& p, double d_k, const std::function<Result(double divisor)>& finish) {
    const double root = std::sqrt(d_k);
    p.variant(mistake_of(Divisor::truncated_sqrt), finish(std::ceil(root))).labelled("sqrt(d_k) rounded up");
    p.variant(mistake_of(Divisor::truncated_sqrt), finish(std::round(root))).labelled("sqrt(d_k) rounded to the nearest");
}

// ------------------------------------------------------------------ scale_scores
// The divisor's slips (families.hpp): left out, d_k itself, multiplying, the square
// root of a count of tokens (S.n_cols or S.n_rows), a fixed 2 (the worked example's),
// or a square root kept in an integer (sqrt(8) = 2.83 becomes 2).
void scale_variants(Probe& p, const arma::mat& S, double d_k) {
    const Finish scaled = [&](const AttentionWay& w) { return result("S'", divided(S, w.divisor), kScores); };
    DivisorSlips which;
    which.fixed = true;
    which.powers = true;
    add_divisor_slips(p, DivisorSizes{d_k, 0, static_cast<double>(S.n_cols), static_cast<double>(S.n_rows)}, scaled,
                      which);
    add_rounded_root_slips(p, d_k, [&](double divisor) { return result("S'", divided(S, divisor), kScores); });
}

// sqrt(d_k) subtracted from each score, where the scale divides
arma::mat subtracted(const arma::mat& S, double by) {
    arma::mat out(arma::size(S));
    for (arma::uword k = 0; k < S.n_elem; ++k) out(k) = S(k) - by;
    return out;
}

Diagnosis scale_scores_diagnosis() {
    Diagnosis d("scale_scores");
    arma::arma_rng::set_seed(4);
    const arma::mat wide = arma::randn(3, 5) * 3.0, again = arma::randn(3, 3) * 2.0;
    const std::vector<std::tuple<std::string, arma::mat, arma::uword>> inputs = {
        {"the worked example's scores, d_k 4", kS, 4},
        // the same shapes and d_k with other values: a result kept for those shapes shows
        {"3x3 random scores, d_k 4", again, 4},
        {"[9, -18], d_k 9", arma::mat{{9.0, -18.0}}, 9},
        {"3x5 random scores, d_k 8", wide, 8},
        {"[2, -3; 0.5, 4], d_k 1 (keys one number wide: nothing changes)", arma::mat{{2.0, -3.0}, {0.5, 4.0}}, 1}};
    for (const auto& [input, S, d_k] : inputs) {
        const arma::mat s = S;
        const arma::uword dk = d_k;
        Probe& p = d.probe(input, [s, dk] { return result("S'", attn::scale_scores(s, dk), kScores); },
                           result("S'", divided(s, std::sqrt(static_cast<double>(dk))), kScores));
        scale_variants(p, s, static_cast<double>(dk));
        p.variant(m::scale_subtracted, result("S'", subtracted(s, std::sqrt(static_cast<double>(dk))), kScores));
        // S * std::sqrt(1 / d_k) or S * (1 / d_k) with d_k an integer: a factor of 0 unless d_k = 1
        p.variant(m::scale_factor_in_integers, result("S'", dk == 1 ? s : arma::mat(arma::size(s), arma::fill::zeros), kScores));
        p.variant(m::scale_scores_refuses_width_one,
                  dk == 1 ? Result::throws(Threw::input_error) : result("S'", divided(s, std::sqrt(static_cast<double>(dk))), kScores));
        p.quantity("d_k", static_cast<double>(dk))
            .quantity("L_K", static_cast<double>(s.n_cols))
            .quantity("L_Q", static_cast<double>(s.n_rows));
    }
    return d;
}

// ------------------------------------------------------------------ attention_weights
// Every natural wrong attention_weights(Q, K), from families.hpp: the divisor, the
// product of the scores, the softmax left out or written by hand. Where a wrong
// product's shapes do not fit, Armadillo refuses it.
void weights_variants(Probe& p, const arma::mat& Q, const arma::mat& K) {
    const Finish weights = [&](const AttentionWay& w) -> Outcome {
        if (!refused_step(Q, K, arma::mat(), arma::mat(), w).empty()) return size_error();
        return result("A", attention_by_loops(Q, K, arma::mat(), arma::mat(), w).weights, kScores);
    };
    DivisorSlips divisors;
    divisors.fixed = true;
    divisors.powers = true;
    divisors.after_softmax = true;
    add_divisor_slips(p,
                      DivisorSizes{static_cast<double>(K.n_cols), 0, static_cast<double>(K.n_rows),
                                   static_cast<double>(Q.n_rows)},
                      weights, divisors);
    WiringSlips wiring;
    wiring.ways = {Wiring::scores_k_q, Wiring::scores_q_q, Wiring::scores_q_times_k, Wiring::scores_qt_times_k,
                   Wiring::scores_kept};
    add_attention_wiring_slips(p, weights, wiring);
    add_softmax_slips(p, weights);
    const double d_k = static_cast<double>(K.n_cols);
    add_rounded_root_slips(p, d_k, [&](double divisor) {
        return result("A", softmax_by_hand(divided(dot_table(Q, K), divisor)), kScores);
    });
    // softmax_rows(-S): the smallest score gets the largest weight
    p.variant(m::scores_negated_before_softmax, result("A", softmax_by_hand(divided(dot_table(Q, K), -std::sqrt(d_k))), kScores));
}

// Q and K whose scaled scores (d_k 6) are the table T: T * sqrt(6) = Q K^T with
// Q = T sqrt(6) (K K^T)^-1 K, for a fixed random K of 4 keys.
std::pair<arma::mat, arma::mat> qk_with_scaled_scores(const arma::mat& T) {
    arma::arma_rng::set_seed(31);
    const arma::mat K = arma::randn(T.n_cols, 6);
    const arma::mat Q = T * std::sqrt(6.0) * arma::inv(K * K.t()) * K;
    return {Q, K};
}
// Rows far apart: row 0 near 0, row 1 near 1000, row 2 with its second score 1500 above the
// rest (a row shifted by its first score overflows there).
arma::mat far_apart_scores() {
    return {{0.3, -0.5, 1.2, 0.8}, {1000.0, 1002.0, 1001.5, 999.0}, {0.5, 1500.0, -0.5, 1.0}};
}

Diagnosis attention_weights_diagnosis() {
    Diagnosis d("attention_weights");
    const Random nine(2, 5, 9, 3), narrow(2, 3, 3, 2, 12), again(3, 3, 4, 2, 21);
    const auto [Qf, Kf] = qk_with_scaled_scores(far_apart_scores());
    const std::vector<std::tuple<std::string, arma::mat, arma::mat>> inputs = {
        {"the worked example's Q and K (3 tokens, d_k 4)", kQ, kK},
        // the worked example's shapes with other numbers, next: a result kept for those shapes shows
        {"3 queries, 3 keys, d_k 4 (the worked example's shapes), other numbers", again.Q, again.K},
        {"2 queries, 5 keys, d_k 9", nine.Q * 1.5, nine.K},
        {"3 queries, 4 keys, d_k 6, scaled scores near 0, near 1000, and one 1500 above its row", Qf, Kf},
        {"2 queries, 3 keys, d_k 3", narrow.Q * 2.0, narrow.K}};
    for (const auto& [input, Q, K] : inputs) {
        const arma::mat q = Q, k = K;
        Probe& p = d.probe(input, [q, k] { return result("A", attn::attention_weights(q, k), kScores); },
                           result("A", softmax_by_hand(divided(dot_table(q, k), std::sqrt(double(k.n_cols)))), kScores));
        weights_variants(p, q, k);
        sizes(p, q, k);
    }
    return d;
}

// ------------------------------------------------------------------ attend

// Each row of A divided by its sum (a row summing to 0 left alone when `guarded`, else
// 0 / 0 = NaN), by loops.
arma::mat rows_renormalised(const arma::mat& A, bool guarded) {
    arma::mat B = A;
    for (arma::uword i = 0; i < A.n_rows; ++i) {
        double total = 0;
        for (arma::uword j = 0; j < A.n_cols; ++j) total += A(i, j);
        if (guarded && total == 0) continue;
        for (arma::uword j = 0; j < A.n_cols; ++j) B(i, j) = A(i, j) / total;
    }
    return B;
}

// A V can go wrong as A itself, A^T V (A.t() * V, or loops reading A(j, i)) or A V^T
// (the wiring slips of families.hpp), by a shape rule that is not one (A's rows, L_Q,
// compared with V's), entry by entry, or with A changed first (its columns or rows divided
// by their sums, or a softmax once more).
void attend_variants(Probe& p, const arma::mat& A, const arma::mat& V) {
    auto as = [](const arma::mat& Z) { return result("Z", Z, kOutput); };
    const Finish mixed = [&](const AttentionWay& w) -> Outcome {
        if (w.weights_as_output) return result("Z", A, kScores);
        // Z(i, c) += A(j, i) V(j, c) for i < L_Q, j < L_K: an index past the end when L_K > L_Q
        // (written as a product, a sum of outer products or loops, Armadillo refuses it with its
        // size error or its index error: either counts)
        if (!refused_output(A, V, w).empty())
            return Outcome(w.written == Written::loops && A.n_cols > A.n_rows ? index_error() : size_error(),
                           [](const Result& r) {
                               return r.threw == Threw::armadillo_size || r.threw == Threw::armadillo_index;
                           });
        return as(output_by_loops(A, V, w));
    };
    WiringSlips wiring;
    wiring.ways = {Wiring::output_a, Wiring::output_at_v, Wiring::output_at_v_in_loops, Wiring::output_a_vt};
    add_attention_wiring_slips(p, mixed, wiring);
    // A.t() * V with the shape check rewritten to fit it (A's rows against V's): the numbers of
    // A^T V where A is square, its own ShapeError elsewhere; two slips, named by the product's
    p.variant(mistake_of(Wiring::output_at_v),
              A.n_rows == V.n_rows ? as(product_by_loops(transposed(A), V)) : Result::throws(Threw::shape_error))
        .labelled("A.t() * V, checked by A.n_rows == V.n_rows")
        .combined();
    // A's rows (L_Q) compared with V's (L_K): refused wherever queries and keys differ in number
    add_rule_slip(p, NotARule::other_sizes, A.n_rows == V.n_rows, as(mix_by_hand(A, V)),
                  Result::throws(Threw::shape_error),
                  "A * V needs A.n_cols == V.n_rows, both L_K; A.n_rows is L_Q, the number of queries, which "
                  "need not be the number of keys: 2 queries may read 4 keys")
        .labelled("A.n_rows == V.n_rows");
    const arma::uword L_Q = A.n_rows, L_K = A.n_cols, d_v = V.n_cols;
    // entry by entry: A % V, which Armadillo refuses unless A and V have the same shape, or a
    // loop over the output (L_Q x d_v) reading A(i, c) and V(i, c), past the end of A or V
    // unless c < L_K and i < L_K
    const auto entry_by_entry = [&]() -> Result {
        arma::mat E(L_Q, d_v);
        for (arma::uword i = 0; i < L_Q; ++i)
            for (arma::uword c = 0; c < d_v; ++c) E(i, c) = A(i, c) * V(i, c);
        return as(E);
    };
    const bool same_shape = A.n_rows == V.n_rows && A.n_cols == V.n_cols;
    p.variant(m::output_elementwise,
              same_shape ? entry_by_entry() : Result::throws(Threw::armadillo_size, "element-wise multiplication"))
        .labelled("A % V");
    p.variant(m::output_elementwise, d_v <= L_K && L_Q <= L_K ? entry_by_entry() : index_error())
        .labelled("Z(i, c) = A(i, c) * V(i, c)");
    // each column of A divided by its sum first (a column of zeros left as it is)
    arma::mat by_columns = A;
    for (arma::uword j = 0; j < L_K; ++j) {
        double total = 0;
        for (arma::uword i = 0; i < L_Q; ++i) total += A(i, j);
        if (total != 0)
            for (arma::uword i = 0; i < L_Q; ++i) by_columns(i, j) = A(i, j) / total;
    }
    p.variant(m::weights_normalised_again, as(mix_by_hand(by_columns, V)));
    // the weights put through a softmax once more, softmax_rows(A) * V
    p.variant(softmaxed_again(), as(mix_by_hand(softmax_by_hand(A), V)));
    // each row of A divided by its sum first: a row of zeros gives NaN, or (guarded) stays
    // as it is, which shows only where a row sums to neither 0 nor 1
    p.variant(m::weights_renormalised, as(mix_by_hand(rows_renormalised(A, false), V))).labelled("every row");
    const arma::mat guarded = rows_renormalised(A, true);
    if (!agree(guarded, A, kTol))
        p.variant(m::weights_renormalised, as(mix_by_hand(guarded, V))).labelled("rows summing to 0 left alone");
}

// A with its middle row set to zeros: the weights of a query whose every key is hidden.
arma::mat with_empty_row(arma::mat A) {
    A.row(1).zeros();
    return A;
}

Diagnosis attend_diagnosis() {
    Diagnosis d("attend");
    const Random r(2, 4, 3, 3), s(3, 3, 2, 3, 5);
    const std::vector<std::tuple<std::string, arma::mat, arma::mat>> inputs = {
        {"the worked example's A (3x3) and V (3x4)", exact_A(), kV},
        {"A 2x4 (2 queries, 4 keys) and V 4x3", softmax_by_hand(dot_table(r.Q, r.K)), r.V},
        {"A 3x3 and V 3x3", softmax_by_hand(dot_table(s.Q, s.K) * 2.0), s.V},
        // a query that may see no key has a row of zero weights, and a zero output row
        {"A 3x3 with a row of zeros (a query that sees nothing) and V 3x4", with_empty_row(exact_A()), kV}};
    for (const auto& [input, A, V] : inputs) {
        const arma::mat a = A, v = V;
        Probe& p = d.probe(input, [a, v] { return result("Z", attn::attend(a, v), kOutput); },
                           result("Z", mix_by_hand(a, v), kOutput));
        attend_variants(p, a, v);
        // (not told apart on these inputs: the columns to L_Q from the columns one short, the
        // rows to L_K from the weights read transposed by loops)
        add_product_loop_slips(p, "Z", a, v, {"A", "V", "L_K", {"the columns to A.n_rows", "the rows to A.n_cols"}});
        // only the number of keys: in these inputs L_Q and d_v take its value too, and a
        // factor with two names is named by neither
        p.quantity("L_K", static_cast<double>(a.n_cols));
        // key 0's share of every output row, for the relations (a loop over the keys from j = 1
        // leaves it out; the last key's is a declared slip, j + 1 < A.n_cols)
        p.term("key 0's weighted value rows, A.col(0) * V.row(0)", "Z", arma::mat(a.col(0) * v.row(0)));
    }
    return d;
}

// Weights that are not a softmax's: rows summing to more or less than 1, and a row of
// zeros in the middle. attend spends them as given (the contract: Z = A V, whatever A).
Diagnosis attend_given_weights_diagnosis() {
    Diagnosis d("attend");
    arma::arma_rng::set_seed(41);
    const arma::mat A3 = {{0.2, 0.1, 0.3}, {0.0, 0.0, 0.0}, {0.9, 0.4, 0.5}};
    const arma::mat A2 = {{0.5, 0.25, 0.5, 0.25}, {0.1, 0.3, 0.0, 0.2}};
    const arma::mat V3 = arma::randn(3, 3), V4 = arma::randn(4, 3);
    const std::vector<std::tuple<std::string, arma::mat, arma::mat>> inputs = {
        {"A 3x3 whose rows sum to 0.6, 0 and 1.8 (not a softmax's) and V 3x3", A3, V3},
        {"A 2x4 whose rows sum to 1.5 and 0.6 and V 4x3", A2, V4}};
    for (const auto& [input, A, V] : inputs) {
        const arma::mat a = A, v = V;
        Probe& p = d.probe(input, [a, v] { return result("Z", attn::attend(a, v), kOutput); },
                           result("Z", mix_by_hand(a, v), kOutput));
        attend_variants(p, a, v);
        p.quantity("L_K", static_cast<double>(a.n_cols));
    }
    return d;
}

// ------------------------------------------------------------------ row_one_by_hand
// One row of A V as a loop over the value rows: the loop can run to V.n_cols (d_v),
// take the columns of V, or lose or double a term; the relations name a missing first
// or last term.
arma::rowvec mix_first(const arma::rowvec& w, const arma::mat& V, arma::uword n) {
    arma::rowvec z(V.n_cols, arma::fill::zeros);
    for (arma::uword j = 0; j < n; ++j)
        for (arma::uword c = 0; c < V.n_cols; ++c) z(c) += w(j) * V(j, c);
    return z;
}

// The slips of a weighted sum of value rows written as a loop, in row_one_by_hand or inline
// in llms_output_row: z started at the first value row instead of zeros (V.row(0), or
// weights(0) * V.row(0), with the loop from j = 0 adding row 0 again, or V.row(0) with
// the loop from j = 1), a fixed index in the loop (weights(0) or V.row(0) for every j),
// the weights divided by their sum first (all-zero weights giving NaN, or left as
// they are), or put through a softmax once more, each where it gives something else than
// the right sum.
void weighted_sum_variants(Probe& p, const arma::rowvec& w, const arma::mat& V, const char* part, const Axes& ax) {
    const arma::uword L_K = V.n_rows, d_v = V.n_cols;
    const arma::rowvec right = product_by_loops(w, V);
    arma::rowvec v0_again = right, w0v0_again = right, v0_unweighted = right;
    arma::rowvec w0_each(d_v, arma::fill::zeros), v0_each(d_v, arma::fill::zeros);
    for (arma::uword c = 0; c < d_v; ++c) {
        v0_again(c) += V(0, c);
        w0v0_again(c) += w(0) * V(0, c);
        v0_unweighted(c) += V(0, c) - w(0) * V(0, c);
        for (arma::uword j = 0; j < L_K; ++j) w0_each(c) += w(0) * V(j, c), v0_each(c) += w(j) * V(0, c);
    }
    p.variant(m::sum_starts_from_first_row, result(part, v0_again, ax)).labelled("z = V.row(0), j from 0")
        .variant(m::sum_starts_from_first_row, result(part, w0v0_again, ax)).labelled("z = weights(0) * V.row(0), j from 0")
        .variant(m::sum_starts_from_first_row, result(part, v0_unweighted, ax)).labelled("z = V.row(0), j from 1");
    p.variant(m::loop_uses_a_fixed_index, result(part, w0_each, ax)).labelled("weights(0) for weights(j)")
        .variant(m::loop_uses_a_fixed_index, result(part, v0_each, ax)).labelled("V.row(0) for V.row(j)");
    // the weights put through a softmax once more, softmax_rows(weights), before the sum
    p.variant(softmaxed_again(),
              result(part, product_by_loops(arma::rowvec(softmax_by_hand(arma::mat(w))), V), ax));
    double total = 0;
    for (arma::uword j = 0; j < L_K; ++j) total += w(j);
    if (!agree(total, 1.0, kTol)) {
        p.variant(m::weights_renormalised, result(part, arma::rowvec(right / total), ax)).labelled("weights / their sum");
        if (total != 0)
            p.variant(m::weights_renormalised, result(part, arma::rowvec(right / total), ax))
                .labelled("weights / their sum, unless it is 0");
        else
            p.variant(m::weights_renormalised, result(part, right, ax)).labelled("weights / their sum, unless it is 0");
    }
}

void mix_variants(Probe& p, const arma::rowvec& w, const arma::mat& V, const char* part, const Axes& ax) {
    weighted_sum_variants(p, w, V, part, ax);
    const arma::uword L_K = V.n_rows, d_v = V.n_cols;
    // for (j < V.n_cols): weights(d_v) is past the end when d_v > L_K, rows lost when d_v < L_K
    p.variant(m::mix_loop_bound_d_v, d_v > L_K ? index_error() : result(part, mix_first(w, V, d_v), ax));
    // z += weights(j) * V.col(j).t(): z and a column of V agree in length only when L_K = d_v
    // (the wiring's A V^T, tests/support/families.hpp, in one row's loop)
    const Mistake& values_t = mistake_of(Wiring::output_a_vt);
    p.variant(values_t, L_K == d_v ? result(part, product_by_loops(w, transposed(V)), ax) : sum_error())
        .labelled("V.col(j).t()");
    // z += weights(j) * V.col(j): a row plus a column, never the same shape
    p.variant(values_t, sum_error()).labelled("V.col(j)");
    // z(c) += weights(j) * V(c, j): V read with its indices swapped, so column j for value j;
    // every index is inside V only when it is square (L_K = d_v)
    p.variant(values_t, L_K == d_v ? result(part, product_by_loops(w, transposed(V)), ax) : index_error())
        .labelled("V(c, j) in loops");
    // for (j <= V.n_rows): weights(L_K) is past the end on every input
    p.variant(mistake_of(OneTooMany::loop_bound), index_error());
    // z made L_K wide (V.n_rows) instead of d_v: z += weights(j) * V.row(j) adds rows of
    // another length; a loop over c < V.n_cols writes past z's end where d_v > L_K (else its
    // last L_K - d_v entries stay 0); a loop over c < z.n_elem reads past V's end where L_K >
    // d_v (else it keeps only the first L_K entries); filled only where both have an entry,
    // the first min(L_K, d_v) entries and zeros after
    const arma::rowvec right = product_by_loops(w, V);
    arma::rowvec filled(L_K, arma::fill::zeros);
    for (arma::uword c = 0; c < std::min(L_K, d_v); ++c) filled(c) = right(c);
    p.variant(m::value_row_sized_by_keys, L_K == d_v ? result(part, right, ax) : sum_error())
        .labelled("z(V.n_rows), z += weights(j) * V.row(j)");
    p.variant(m::value_row_sized_by_keys, d_v > L_K ? index_error() : result(part, filled, ax))
        .labelled("z(V.n_rows), loops over c < V.n_cols");
    p.variant(m::value_row_sized_by_keys, L_K > d_v ? index_error() : result(part, filled, ax))
        .labelled("z(V.n_rows), loops over c < z.n_elem");
    p.variant(m::value_row_sized_by_keys, result(part, filled, ax)).labelled("z(V.n_rows), filled where both fit");
}

using WeightsAndValues = std::vector<std::tuple<std::string, arma::rowvec, arma::mat>>;
Diagnosis row_one_by_hand_diagnosis(const WeightsAndValues& inputs, bool every_slip);

Diagnosis row_one_by_hand_diagnosis() {
    const Random six(1, 6, 2, 2, 3), three(1, 3, 2, 3, 8);
    return row_one_by_hand_diagnosis(
        {{"the weights 0.58, 0.21, 0.21 and the worked example's V (3x4)", arma::rowvec{0.58, 0.21, 0.21}, kV},
         {"6 weights and V 6x2", arma::rowvec(softmax_by_hand(dot_table(six.Q, six.K))), six.V},
         {"3 weights and V 3x3", arma::rowvec(softmax_by_hand(dot_table(three.Q, three.K) * 2.0)), three.V}},
        true);
}

// Weights that are not a softmax's: they sum to 0.8, to 1.6, or to 0, or one is negative, or a
// single key's weight is 0.5. mix_value_rows
// spends them as given (the contract: weights(0) v_0 + weights(1) v_1 + ...). Checked
// once the weights of a softmax give the right sum, so only the slips of the sum itself
// are declared (the others have shown already).
Diagnosis row_one_by_hand_given_weights_diagnosis() {
    const Random four(1, 4, 2, 4, 13);
    return row_one_by_hand_diagnosis(
        {{"the weights 0.5, 0.2, 0.1 (summing to 0.8) and the worked example's V (3x4)", arma::rowvec{0.5, 0.2, 0.1}, kV},
         {"the weights 0.6, 0.3, 0.5, 0.2 (summing to 1.6) and V 4x4", arma::rowvec{0.6, 0.3, 0.5, 0.2}, four.V},
         {"the weights 0, 0, 0 and the worked example's V (3x4)", arma::rowvec(3, arma::fill::zeros), kV},
         {"the weights -0.2, 0.7, 0.5 (the first negative) and the worked example's V (3x4)",
          arma::rowvec{-0.2, 0.7, 0.5}, kV},
         // a single key is spent at its weight too: 0.5 v_0, not v_0 as if one key took everything
         {"the single weight 0.5 and V 1x3 (one key)", arma::rowvec{0.5}, arma::mat{{2.0, -1.0, 4.0}}}},
        false);
}

Diagnosis row_one_by_hand_diagnosis(const WeightsAndValues& inputs, bool every_slip) {
    Diagnosis d("row_one_by_hand", "mix_value_rows");
    const Axes ax = entries("feature");
    for (const auto& [input, W, V] : inputs) {
        const arma::rowvec w = W;
        const arma::mat v = V;
        Probe& p = d.probe(input, [w, v, ax] { return result("z", attn::mix_value_rows(w, v), ax); },
                           result("z", product_by_loops(w, v), ax));
        if (every_slip) mix_variants(p, w, v, "z", ax);
        else weighted_sum_variants(p, w, v, "z", ax);
        // a single key handled apart as taking all the weight (if one key, return V.row(0)):
        // right wherever there are several (declared where the inputs hold a single key)
        if (!every_slip)
            p.variant(m::weights_renormalised,
                      result("z", v.n_rows == 1 ? arma::rowvec(v.row(0)) : product_by_loops(w, v), ax))
                .labelled("a single key given all the weight");
        // (one row: its rows' bounds run past the end as the loop one too far does; the sum to d_v
        // is mix_loop_bound_d_v; the columns to L_K are one short on these inputs)
        add_product_loop_slips(p, "z", arma::mat(w), v,
                               {"weights", "V", "L_K",
                                {"the rows to A.n_cols", "the rows to B.n_cols", "the sum to B.n_cols", "the columns to A.n_cols"},
                                "z = weights * V"});
        p.quantity("L_K", static_cast<double>(v.n_rows)).quantity("d_v", static_cast<double>(v.n_cols));
        p.term("the first weighted value row, weights(0) * V.row(0)", "z", arma::mat(w(0) * v.row(0)));
        p.term("the last weighted value row, weights(L_K - 1) * V.row(L_K - 1)", "z",
               arma::mat(w(w.n_elem - 1) * v.row(v.n_rows - 1)));
    }
    return d;
}

// ------------------------------------------------------------------ llms_row
// The last row of A V: the row can be another one (the first, the worked example's
// fixed 2, one too early, one past the end, the number of keys less one), a column of A (A^T V), V transposed, or
// an inline loop to V.n_cols.
void llms_variants(Probe& p, const arma::mat& A, const arma::mat& V) {
    const arma::uword L_Q = A.n_rows, L_K = A.n_cols, d_v = V.n_cols;
    const Axes ax = entries("feature");
    auto row_of = [&](arma::uword i) { return result("z", arma::mat(mix_by_hand(A, V).row(i)), ax); };
    // A row that A lacks throws Armadillo's index error, read as A.row(i) ("Mat::row(): index out
    // of bounds") or as A(i, j) in a loop ("Mat::operator(): index out of bounds"): any of them
    p.variant(m::wrong_output_row, row_of(0), "row 0, the first token");
    p.variant(m::wrong_output_row, L_Q > 2 ? row_of(2) : index_error(), "row 2, the worked example's LLMs")
        .labelled("A.row(2)");
    // ... kept inside A where it has fewer rows (A.n_rows > 2 ? 2 : A.n_rows - 1, std::min(2, ...))
    p.variant(m::wrong_output_row, row_of(std::min<arma::uword>(2, L_Q - 1)), "row 2, the worked example's LLMs")
        .labelled("row 2, or the last row of a shorter A");
    p.variant(m::wrong_output_row, row_of(L_Q - 2), "row A.n_rows - 2, one too early");
    // the last column of A as the weights, A.col(A.n_cols - 1).t() (what every query pays the
    // last key), summed over V's rows: an index past its end where L_Q < L_K, its first L_K
    // entries where L_Q > L_K (times V as a whole, it is the weights transposed, below)
    {
        const std::string detail = "A's last column, A.col(A.n_cols - 1).t(): what every query pays the last key, not "
                                   "what the last query pays every key";
        arma::rowvec z(d_v, arma::fill::zeros);
        for (arma::uword j = 0; j < L_K && j < L_Q; ++j) z += A(j, L_K - 1) * V.row(j);
        p.variant(m::wrong_output_row, L_Q < L_K ? index_error() : result("z", arma::mat(z), ax), detail)
            .labelled("A.col(A.n_cols - 1), over V's rows");
    }
    // (A.row(A.n_rows) alone: A(A.n_rows, j) in a loop throws as a loop run one past the end does)
    p.variant(m::wrong_output_row, row_index_error(), "row A.n_rows, one past the end");
    // the last row counted with the keys, V.n_rows - 1 or A.n_cols - 1 (L_K - 1): another
    // query's row where L_K < L_Q, past the end of A where L_K > L_Q, right only where L_K = L_Q
    p.variant(m::last_row_index_from_the_keys, L_K - 1 < L_Q ? row_of(L_K - 1) : index_error());
    // the weights transposed (the last key's column as weights, A.col(L_K - 1).t(): L_Q
    // entries for L_K value rows, the last row of A^T V where they agree) or the values
    // transposed; where the shapes do not fit, mix_value_rows or Armadillo refuses them
    const Finish last_row = [&](const AttentionWay& w) -> Outcome {
        if (!refused_output(A, V, w).empty())
            return w.written == Written::course_function ? Result::throws(Threw::shape_error, "mix_value_rows")
                                                         : size_error();
        return result("z", arma::mat(output_by_loops(A, V, w).row(L_Q - 1)), ax);
    };
    WiringSlips wiring;
    wiring.ways = {Wiring::output_at_v_by_mix_value_rows, Wiring::output_at_v, Wiring::output_a_vt};
    add_attention_wiring_slips(p, last_row, wiring);
    const arma::rowvec last = A.row(L_Q - 1);
    weighted_sum_variants(p, last, V, "z", ax);
    p.variant(m::mix_loop_bound_d_v, d_v > L_K ? index_error() : result("z", mix_first(last, V, d_v), ax));
    // (one row: its rows' bounds are the choice of row, wrong_output_row; the sum to d_v is
    // mix_loop_bound_d_v)
    add_product_loop_slips(p, "z", arma::mat(last), V,
                           {"A's last row", "V", "L_K", {"the rows to A.n_cols", "the rows to B.n_cols", "the sum to B.n_cols"},
                            "the last row of A V"});
}

Diagnosis llms_output_row_diagnosis() {
    Diagnosis d("llms_row", "llms_output_row");
    const Random five(5, 3, 2, 4), four(4, 4, 3, 4, 6), wide(2, 5, 2, 2, 9), six(6, 4, 3, 3, 10),
        same(3, 3, 2, 4, 12);
    auto weights = [](const Random& r) { return softmax_by_hand(dot_table(r.Q, r.K)); };
    const std::vector<std::tuple<std::string, arma::mat, arma::mat>> inputs = {
        {"the worked example's A (3x3) and V (3x4)", exact_A(), kV},
        {"A 5x3 (5 queries, 3 keys) and V 3x4", weights(five), five.V},
        {"A 4x4 and V 4x4", weights(four), four.V},
        {"A 2x5 (2 queries, 5 keys) and V 5x2", weights(wide), wide.V},
        {"A 6x4 (6 queries, 4 keys) and V 4x3", weights(six), six.V},
        // the worked example's shapes with other values: a result kept for those shapes shows
        {"A 3x3 and V 3x4, other numbers than the worked example's", weights(same), same.V}};
    const Axes ax = entries("feature");
    for (const auto& [input, A, V] : inputs) {
        const arma::mat a = A, v = V;
        Probe& p = d.probe(input, [a, v, ax] { return result("z", arma::mat(attn::llms_output_row(a, v)), ax); },
                           result("z", arma::mat(mix_by_hand(a, v).row(a.n_rows - 1)), ax));
        llms_variants(p, a, v);
    }
    return d;
}

// inside_value_range(z, V): true when every z(c) lies in [min, max] of column c of V,
// allowing 1e-12. The natural wrong checks, by loops: column 0 alone, every z(c)
// against column 0's range, one range for the whole of V, strict bounds, no slack,
// true when one column fits, one bound only, |z(c)| against the largest |V(r, c)|, the
// smallest and largest value started at 0 (so 0 is in every column's range).
// (exclusive: both bounds strict; the one bound strict and the other as it should be, or
// without its slack: exclusive_upper, exclusive_lower, and their _no_slack)
enum class Range { right, one_column, column_0_for_all, whole_matrix, exclusive, no_slack, any_column, lower_only,
                   upper_only, wide_slack, by_size, from_zero, exclusive_upper, exclusive_lower,
                   exclusive_upper_no_slack, exclusive_lower_no_slack };
bool inside_by_loops(const arma::rowvec& z, const arma::mat& V, Range how) {
    if (how == Range::exclusive_upper || how == Range::exclusive_lower || how == Range::exclusive_upper_no_slack ||
        how == Range::exclusive_lower_no_slack) {
        const double slack = how == Range::exclusive_upper || how == Range::exclusive_lower ? 1e-12 : 0.0;
        const bool upper = how == Range::exclusive_upper || how == Range::exclusive_upper_no_slack;
        for (arma::uword c = 0; c < V.n_cols; ++c) {
            double lo = INFINITY, hi = -INFINITY;
            for (arma::uword r = 0; r < V.n_rows; ++r) lo = std::min(lo, V(r, c)), hi = std::max(hi, V(r, c));
            const bool in = upper ? z(c) >= lo - slack && z(c) < hi : z(c) > lo && z(c) <= hi + slack;
            if (!in) return false;
        }
        return true;
    }
    const double slack = (how == Range::no_slack || how == Range::exclusive) ? 0.0 : how == Range::wide_slack ? 1e-6 : 1e-12;
    bool all = true, any = false;
    const arma::uword n = how == Range::one_column ? 1 : V.n_cols;
    for (arma::uword c = 0; c < n; ++c) {
        double lo = how == Range::from_zero ? 0.0 : INFINITY, hi = how == Range::from_zero ? 0.0 : -INFINITY;
        for (arma::uword r = 0; r < V.n_rows; ++r)
            for (arma::uword k = 0; k < V.n_cols; ++k) {
                const bool in_range = how == Range::whole_matrix       ? true
                                      : how == Range::column_0_for_all ? k == 0
                                                                       : k == c;
                if (in_range) lo = std::min(lo, V(r, k)), hi = std::max(hi, V(r, k));
            }
        const bool in = how == Range::exclusive    ? (z(c) > lo && z(c) < hi)
                        : how == Range::lower_only ? z(c) >= lo - slack
                        : how == Range::upper_only ? z(c) <= hi + slack
                        : how == Range::by_size    ? std::abs(z(c)) <= std::max(std::abs(lo), std::abs(hi)) + slack
                                                   : (z(c) >= lo - slack && z(c) <= hi + slack);
        all = all && in;
        any = any || in;
    }
    return how == Range::any_column ? any : all;
}

// A yes-or-no answer as a result: one entry, 1 for true and 0 for false, kept as a
// sequence so that no relation of numbers (scaled, offset, all zero) is read into it.
Result answer(bool yes) {
    Result r = tokens("the answer (1 = true, 0 = false)", {yes ? 1u : 0u});
    return r;
}

// z(c) against the range of row c of V instead of column c: over c < min(V.n_cols, V.n_rows)
// (the columns past the last row never checked), or over every c < V.n_cols, where a row
// past the last one is out of bounds (Armadillo's index error) unless an earlier column
// has already answered false.
Result inside_by_rows(const arma::rowvec& z, const arma::mat& V, bool every_column) {
    const arma::uword n = every_column ? V.n_cols : std::min(V.n_cols, V.n_rows);
    for (arma::uword c = 0; c < n; ++c) {
        if (c >= V.n_rows) return Result::throws(Threw::armadillo_index, "out of bounds");
        double lo = INFINITY, hi = -INFINITY;
        for (arma::uword k = 0; k < V.n_cols; ++k) lo = std::min(lo, V(c, k)), hi = std::max(hi, V(c, k));
        if (z(c) < lo - 1e-12 || z(c) > hi + 1e-12) return answer(false);
    }
    return answer(true);
}

// A V whose column 1 is all below 0 (-3 to -1), the others as the worked example's.
const arma::mat kVNegative = {{1, -1, 0, 0}, {2, -3, 0, 1}, {1, -2, 1, 0}};

Diagnosis inside_value_range_diagnosis() {
    Diagnosis d("llms_row", "inside_value_range");
    const std::vector<std::pair<std::string, arma::rowvec>> on_kV = {
        {"the LLMs row (1.14, 0.23, 0.63, 0.14)", exact_Z().row(2)},
        {"(2.5, 0.5, 0.5, 0.5): column 0 above its largest value", {2.5, 0.5, 0.5, 0.5}},
        {"(1.5, 0.5, 0.5, -0.1): column 3 below its smallest value", {1.5, 0.5, 0.5, -0.1}},
        {"(1.5, 0.5, 0.5, -1.5): column 3 below its smallest value, 0, by more than its largest, 1",
         {1.5, 0.5, 0.5, -1.5}},
        {"(1.5, 1.5, 0.5, 0.5): column 1 above its largest value, 1", {1.5, 1.5, 0.5, 0.5}},
        {"(1, 0, 0, 0): every column at its smallest value", {1.0, 0.0, 0.0, 0.0}},
        {"(2, 1, 1, 1): every column at its largest value", {2.0, 1.0, 1.0, 1.0}},
        {"(0.5, 1.5, 1.5, 1.5): every entry inside [0, 2], the range of the whole of V, none inside its column's",
         {0.5, 1.5, 1.5, 1.5}},
        {"(2 + 5e-13, 0.5, -5e-13, 0.5): past two extremes by a rounding error", {2.0 + 5e-13, 0.5, -5e-13, 0.5}},
        {"(2 + 5e-13, 1 + 5e-13, 1, 1): past two largest values by a rounding error", {2.0 + 5e-13, 1.0 + 5e-13, 1.0, 1.0}},
        {"(2 + 1e-9, 0.5, 0.5, 0.5): past column 0's largest value by 1e-9, far more than rounding",
         {2.0 + 1e-9, 0.5, 0.5, 0.5}},
        // column 0 holds 1 to 2 only: a range started at 0 lets 0.9 through
        {"(0.9, 0.5, 0.5, 0.5): column 0 below its smallest value, 1, but above 0", {0.9, 0.5, 0.5, 0.5}}};
    std::vector<std::tuple<std::string, arma::rowvec, arma::mat>> inputs;
    for (const auto& [input, z] : on_kV) inputs.emplace_back("z = " + input + " against the worked example's V", z, kV);
    // a column all below 0: a range started at 0 lets -0.5 through
    inputs.emplace_back("z = (1.5, -0.5, 0.5, 0.5) against a V whose column 1 holds -3 to -1: column 1 above its "
                        "largest value, -1, but below 0",
                        arma::rowvec{1.5, -0.5, 0.5, 0.5}, kVNegative);
    for (const auto& [input, Z, V] : inputs) {
        const arma::rowvec z = Z;
        const arma::mat v = V;
        Probe& p = d.probe(input, [z, v] { return answer(attn::inside_value_range(z, v)); },
                           answer(inside_by_loops(z, v, Range::right)));
        p.variant(m::range_checks_one_column, answer(inside_by_loops(z, v, Range::one_column))).labelled("z(0) only")
            .variant(m::range_checks_one_column, answer(inside_by_loops(z, v, Range::column_0_for_all)))
            .labelled("every z(c) against column 0")
            .variant(m::range_of_whole_matrix, answer(inside_by_loops(z, v, Range::whole_matrix)))
            .variant(m::range_bounds_exclusive, answer(inside_by_loops(z, v, Range::exclusive)))
            .labelled("both bounds")
            .variant(m::range_bounds_exclusive, answer(inside_by_loops(z, v, Range::exclusive_upper)))
            .labelled("z(c) < hi")
            .variant(m::range_bounds_exclusive, answer(inside_by_loops(z, v, Range::exclusive_lower)))
            .labelled("z(c) > lo")
            .variant(m::range_bounds_exclusive, answer(inside_by_loops(z, v, Range::exclusive_upper_no_slack)))
            .labelled("z(c) < hi, z(c) >= lo")
            .variant(m::range_bounds_exclusive, answer(inside_by_loops(z, v, Range::exclusive_lower_no_slack)))
            .labelled("z(c) > lo, z(c) <= hi")
            .variant(m::range_without_slack, answer(inside_by_loops(z, v, Range::no_slack)))
            .variant(m::range_true_if_one_column_fits, answer(inside_by_loops(z, v, Range::any_column)))
            .variant(m::range_checks_one_bound, answer(inside_by_loops(z, v, Range::lower_only))).labelled("z(c) >= lo only")
            .variant(m::range_checks_one_bound, answer(inside_by_loops(z, v, Range::upper_only))).labelled("z(c) <= hi only")
            .variant(m::range_slack_too_wide, answer(inside_by_loops(z, v, Range::wide_slack)))
            .variant(m::range_compared_by_size, answer(inside_by_loops(z, v, Range::by_size)))
            .variant(m::range_of_row_not_column, inside_by_rows(z, v, false)).labelled("rows c < min(V.n_cols, V.n_rows)")
            .variant(m::range_of_row_not_column, inside_by_rows(z, v, true)).labelled("rows c < V.n_cols")
            // double lo = 0, hi = 0: 0 joins every column's range
            .variant(m::range_bounds_start_at_zero, answer(inside_by_loops(z, v, Range::from_zero)));
        // z(c) < lo && z(c) > hi: no number is both, so false never comes
        p.variant(m::range_test_joined_with_and, answer(true));
    }
    return d;
}

// The message of the attn::ShapeError `call` throws, whether the function itself or one
// it calls from the course (scores, mix_value_rows) refused the shapes; anything else is
// named as refusal_of names it (`input`: the bad input in words, where a case tries several).
std::string shape_error_here_or_below(const std::string& function, const std::function<void()>& call,
                                      const std::string& input = "") {
    const Result got = attempt([&] {
        call();
        return Result{};
    });
    if (got.threw == Threw::shape_error) return got.message;
    return refusal_of<attn::ShapeError>(function, call, {}, input);
}

// The learner's answer to a question with numbers, moved onto the nearest of the
// listed values when it is within two decimals of it (the printed numbers are rounded).
double snapped(double got, const std::vector<double>& values) {
    double best = got, gap = kTwoDecimals;  // the nearest of the values within two decimals
    for (const double v : values)
        if (std::abs(got - v) < gap) best = v, gap = std::abs(got - v);
    return best;
}
// Entry (r, c) of the worked example's weights, exactly, and without the division by 2.
double weight(arma::uword r, arma::uword c) { return exact_A()(r, c); }
double unscaled_weight(arma::uword r, arma::uword c) { return softmax_by_hand(kS)(r, c); }
// ... and with the scores divided by d_k = 4 instead of sqrt(4)
double over_d_k_weight(arma::uword r, arma::uword c) { return softmax_by_hand(kS / 4.0)(r, c); }

// Judges an answer that should be one entry of the worked example's A: right, one of the
// `wrong` answers, or another entry of A, said by its value and every entry that has it
// (the rows of love and LLMs hold the same three weights, so 0.63 is A(love, love) and
// A(LLMs, LLMs) alike); else what `explain` says.
void judge_entry_of_a(const std::string& question, double got, double right, const std::vector<WrongAnswer<double>>& wrong,
                      const std::string& explain) {
    const arma::mat A = exact_A();
    const char* const tokens[] = {"I", "love", "LLMs"};
    // the asked entry divided by its column's total, as if the columns summed to 1
    std::vector<WrongAnswer<double>> all = wrong;
    for (arma::uword r = 0; r < A.n_rows; ++r)
        for (arma::uword c = 0; c < A.n_cols; ++c)
            if (std::abs(A(r, c) - right) < 1e-12) all.push_back({right / arma::accu(A.col(c)), &m::entry_divided_by_its_column_total});
    std::vector<double> values{right};
    for (const auto& w : all) values.push_back(w.answer);
    const std::size_t named = values.size();  // the values before this are right or named otherwise
    for (const double a : A)
        if (std::none_of(values.begin(), values.end(), [a](double v) { return std::abs(v - a) < 1e-12; }))
            values.push_back(a);
    got = snapped(got, values);
    if (std::find(values.begin() + static_cast<std::ptrdiff_t>(named), values.end(), got) != values.end()) {
        std::ostringstream which;
        which << std::fixed << std::setprecision(2) << got;
        const char* sep = ", ";
        for (arma::uword r = 0; r < A.n_rows; ++r)
            for (arma::uword c = 0; c < A.n_cols; ++c)
                if (std::abs(A(r, c) - got) < 1e-12) which << sep << "A(" << tokens[r] << ", " << tokens[c] << ")", sep = " or ";
        report(m::reads_another_entry_of_a, which.str());
        return;
    }
    judge_answer<double>(question, got, right, all, explain);
}

}  // namespace

// ==================================================================== scores
BOOST_AUTO_TEST_SUITE(scores)

BOOST_AUTO_TEST_CASE(entry_i_j_is_query_i_dot_key_j_on_square_wide_and_narrow_inputs) {
    // the worked example (3 tokens), 2 queries over 5 keys, 2 queries over 3 keys of width 3
    scores_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(matches_the_tutorials_score_table) {
    const arma::mat S = attn::scores(kQ, kK);
    BOOST_TEST(matrices_close(S, kS, 1e-12, "Q K^T of the worked example", kScores));
}

BOOST_AUTO_TEST_CASE(love_to_llms_is_3_but_llms_to_love_is_2) {
    const arma::mat S = attn::scores(kQ, kK);
    BOOST_REQUIRE_MESSAGE(S.n_rows == 3u && S.n_cols == 3u, "3 queries and 3 keys give a 3x3 table; got " << attn::shape_of(S));
    BOOST_TEST(S(1, 2) == 3.0, "q_love . k_LLMs should be 3; got " << S(1, 2));
    BOOST_TEST(S(2, 1) == 2.0, "q_LLMs . k_love should be 2; got "
                                   << S(2, 1) << ". Queries and keys come from different matrices, so the table is not symmetric");
    BOOST_TEST(S(0, 0) == 4.0, "q_I . k_I should be 4; got " << S(0, 0));
}

BOOST_AUTO_TEST_CASE(has_one_row_per_query_and_one_column_per_key) {
    const Random r(2, 5, 3, 4);
    const arma::mat S = attn::scores(r.Q, r.K);
    BOOST_TEST((S.n_rows == 2u && S.n_cols == 5u), "2 queries and 5 keys give a 2x5 table; got " << attn::shape_of(S));
}

BOOST_AUTO_TEST_CASE(no_queries_or_no_keys_give_an_empty_table) {
    // Q 0x3 with K 4x3, or Q 2x3 with K 0x3: the widths agree, the one rule of the contract, so the
    // table comes back with no rows (0x4) or no columns (2x0)
    if (!results_right(scores_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once entry_i_j_is_query_i_dot_key_j_on_square_wide_and_narrow_inputs passes");
        return;
    }
    for (const auto& [L_Q, L_K] : std::vector<std::pair<arma::uword, arma::uword>>{{0, 4}, {2, 0}}) {
        const arma::mat Q(L_Q, 3, arma::fill::ones), K(L_K, 3, arma::fill::ones);
        const Result got = attempt([&] { return result("S", attn::scores(Q, K), kScores); });
        if (refused_valid_input(got, "scores", "Q " + attn::shape_of(Q) + " with K " + attn::shape_of(K))) return;
        const std::string instead = unless_shape(got, "S", L_Q, L_K);
        BOOST_TEST(instead.empty(), "Q " << attn::shape_of(Q) << " with K " << attn::shape_of(K) << " must give S " << L_Q << "x"
                                         << L_K << " without an error (the contract refuses only Q and K of different "
                                            "widths); got " << instead);
    }
}

BOOST_AUTO_TEST_CASE(rejects_q_and_k_of_different_widths) {
    const arma::mat K5(5, 5, arma::fill::ones);
    const std::string msg = refusal_of<attn::ShapeError>("scores", [&] { attn::scores(kQ, K5); });
    if (msg.empty()) return;  // refusal_of has said what went wrong
    BOOST_TEST(msg.find("scores:") == 0, "Q 3x4 with K 5x5 must throw ShapeError naming scores; got '" << msg << "'");
    BOOST_TEST(msg.find("d_q = d_k") != std::string::npos, "the message should name the rule d_q = d_k; got '" << msg << "'");
    // each matrix under its own name and in the contract's order ("got Q 3x4 and K 5x5"): K's
    // shape under another name (V, X), or Q's, is named
    if (!message_names(msg, {"Q 3x4", "K 5x5"}, "Q 3x4 with K 5x5 (keys 5 wide for queries 4 wide)", true)) return;
    // and the other way, keys narrower than the queries: a check of one direction only lets it through
    const arma::mat K3(5, 3, arma::fill::ones);
    const std::string narrower =
        refusal_of<attn::ShapeError>("scores", [&] { attn::scores(kQ, K3); }, {}, "Q 3x4 with K 5x3 (keys narrower)");
    if (narrower.empty()) return;
    message_names(narrower, {"Q 3x4", "K 5x3"}, "Q 3x4 with K 5x3 (keys 3 wide for queries 4 wide)", true);
}

BOOST_AUTO_TEST_CASE(rejects_different_widths_even_with_no_queries_or_no_keys) {
    // the width rule holds whatever the lengths: Q 0x3 with K 2x4 (no query), Q 2x3 with K 0x4 (no
    // key) or Q 0x3 with K 0x4 are refused, not answered with an empty table
    if (!results_right(scores_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once entry_i_j_is_query_i_dot_key_j_on_square_wide_and_narrow_inputs passes");
        return;
    }
    for (const auto& [L_Q, L_K] : std::vector<std::pair<arma::uword, arma::uword>>{{0, 2}, {2, 0}, {0, 0}}) {
        const arma::mat Q(L_Q, 3, arma::fill::ones), K(L_K, 4, arma::fill::ones);
        const std::string what = "Q " + attn::shape_of(Q) + " with K " + attn::shape_of(K);
        const std::string msg = refusal_of<attn::ShapeError>("scores", [&] { attn::scores(Q, K); }, {}, what);
        if (msg.empty()) return;
        if (!message_names(msg, {"Q " + attn::shape_of(Q), "K " + attn::shape_of(K)}, what, true)) return;
    }
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== scale_scores
BOOST_AUTO_TEST_SUITE(scale_scores)

BOOST_AUTO_TEST_CASE(divides_by_the_square_root_of_d_k_for_any_d_k) {
    // d_k 4 (the worked example: halved), 9 (divided by 3), 8 (by 2.83)
    scale_scores_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(halves_the_tutorials_scores_when_d_k_is_4) {
    BOOST_TEST(matrices_close(attn::scale_scores(kS, 4), kHalved, 1e-12, "Q K^T / sqrt(4)", kScores));
}

BOOST_AUTO_TEST_CASE(keeps_the_order_within_each_row) {
    const arma::mat got = attn::scale_scores(kS, 4);
    BOOST_REQUIRE_MESSAGE(got.n_rows == 3u && got.n_cols == 3u, "the scaled scores keep the shape 3x3; got " << attn::shape_of(got));
    for (arma::uword i = 0; i < kS.n_rows; ++i)
        BOOST_TEST(got.row(i).index_max() == kS.row(i).index_max(),
                   "row " << i << ": the largest score must stay the largest after scaling");
}

BOOST_AUTO_TEST_CASE(rejects_d_k_of_zero) {
    const std::string msg = refusal_of<attn::InputError>("scale_scores", [] { attn::scale_scores(kS, 0); });
    if (msg.empty()) return;  // refusal_of has said what went wrong
    BOOST_TEST(msg.find("scale_scores:") == 0,
               "d_k = 0 must throw InputError naming scale_scores (there is no sqrt(0) to divide by); got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(rejects_d_k_of_zero_even_with_no_scores) {
    // the contract refuses d_k = 0 whatever S holds: no scores to divide (0x3, 0x0) is no reason to take it
    for (const arma::mat& S : {arma::mat(0, 3), arma::mat()}) {
        const std::string msg = refusal_of<attn::InputError>("scale_scores", [&] { attn::scale_scores(S, 0); });
        if (msg.empty()) return;
    }
}

BOOST_AUTO_TEST_CASE(no_scores_give_no_scores) {
    // S 0x3 (no query), 3x0 (no key) or 0x0 with d_k 4: the contract refuses only d_k = 0, so an
    // empty table comes back as it is, of the same shape
    if (!results_right(scale_scores_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once divides_by_the_square_root_of_d_k_for_any_d_k passes");
        return;
    }
    for (const auto& [rows, cols] : std::vector<std::pair<arma::uword, arma::uword>>{{0, 3}, {3, 0}, {0, 0}}) {
        const arma::mat S(rows, cols);
        const Result got = attempt([&] { return result("S'", attn::scale_scores(S, 4), kScores); });
        if (refused_valid_input(got, "scale_scores", "S " + attn::shape_of(S) + " with d_k 4")) return;
        const std::string instead = unless_shape(got, "S'", rows, cols);
        BOOST_TEST(instead.empty(), "S " << attn::shape_of(S) << " with d_k 4 must give S' " << attn::shape_of(S)
                                         << " without an error (the contract refuses only d_k = 0); got " << instead);
    }
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== attention_weights
BOOST_AUTO_TEST_SUITE(attention_weights)

BOOST_AUTO_TEST_CASE(is_softmax_of_q_k_transpose_over_sqrt_d_k_along_each_row) {
    // the worked example; 2 queries over 5 keys with d_k 9; rows of scores far apart
    attention_weights_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(matches_the_tutorials_weights) {
    const arma::mat A = attn::attention_weights(kQ, kK);
    BOOST_TEST(matrices_close(A, kA2dp, kTwoDecimals, "A to 2 decimals", kScores));
    BOOST_TEST(matrices_close(A, exact_A(), 1e-12, "A", kScores));
}

BOOST_AUTO_TEST_CASE(row_2_is_the_exponentials_over_19_382) {
    // love's halved scores are 1, 2.5, 1.5; their exponentials as the tutorial prints them:
    BOOST_TEST(std::abs(std::exp(1.0) - 2.718) < 0.0005);
    BOOST_TEST(std::abs(std::exp(2.5) - 12.182) < 0.0005);
    BOOST_TEST(std::abs(std::exp(1.5) - 4.482) < 0.0005);
    const double total = std::exp(1.0) + std::exp(2.5) + std::exp(1.5);
    BOOST_TEST(std::abs(total - 19.382) < 0.0005);
    const arma::mat A = attn::attention_weights(kQ, kK);
    BOOST_REQUIRE_MESSAGE(A.n_rows == 3u && A.n_cols == 3u, "3 queries and 3 keys give weights 3x3; got " << attn::shape_of(A));
    const arma::mat row2 = {{std::exp(1.0) / total, std::exp(2.5) / total, std::exp(1.5) / total}};
    BOOST_TEST(matrices_close(A.row(1), row2, 1e-12, "row of love", entries("key")));
}

BOOST_AUTO_TEST_CASE(each_query_row_sums_to_one_and_columns_need_not) {
    const arma::mat A = attn::attention_weights(kQ, kK);
    BOOST_REQUIRE_MESSAGE(A.n_rows == 3u && A.n_cols == 3u, "3 queries and 3 keys give weights 3x3; got " << attn::shape_of(A));
    for (arma::uword i = 0; i < A.n_rows; ++i)
        BOOST_TEST(std::abs(arma::accu(A.row(i)) - 1.0) < 1e-12,
                   "row " << i << " sums to " << arma::accu(A.row(i))
                          << "; softmax runs along each row (one query's budget), not down the columns");
    BOOST_TEST(std::abs(arma::accu(A.col(2)) - 1.0) > 0.05,
               "column 2 (LLMs) of the tutorial's weights sums to about 1.07; got " << arma::accu(A.col(2))
                                                                                      << ". Was the softmax taken over columns?");
}

BOOST_AUTO_TEST_CASE(has_one_row_per_query_and_one_column_per_key) {
    const Random r(2, 3, 4, 4);
    const arma::mat A = attn::attention_weights(r.Q, r.K);
    BOOST_TEST((A.n_rows == 2u && A.n_cols == 3u), "2 queries and 3 keys give weights 2x3; got " << attn::shape_of(A));
}

BOOST_AUTO_TEST_CASE(shuffling_the_keys_shuffles_the_weight_columns) {
    const Random r(3, 4, 5, 2);
    const arma::uvec order = {2, 0, 3, 1};
    const arma::mat A = attn::attention_weights(r.Q, r.K);
    const arma::mat B = attn::attention_weights(r.Q, arma::mat(r.K.rows(order)));
    BOOST_REQUIRE_MESSAGE(A.n_cols == 4u, "4 keys give 4 columns of weights; got " << attn::shape_of(A));
    BOOST_TEST(matrices_close(B, arma::mat(A.cols(order)), 1e-12, "weights with the keys reordered", kScores));
}

BOOST_AUTO_TEST_CASE(no_queries_give_an_empty_table_of_weights) {
    // Q 0x3 with K 4x3 (no query) gives weights 0x4: the widths agree, the one rule of the contract
    // (a query with no key at all is softmax_rows' to refuse, chapter 03); and the rule still holds
    // when there is no query
    if (!results_right(attention_weights_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once is_softmax_of_q_k_transpose_over_sqrt_d_k_along_each_row passes");
        return;
    }
    for (const auto& [L_Q, L_K] : std::vector<std::pair<arma::uword, arma::uword>>{{0, 4}}) {
        const arma::mat Q(L_Q, 3, arma::fill::ones), K(L_K, 3, arma::fill::ones);
        const std::string input = "Q " + attn::shape_of(Q) + " with K " + attn::shape_of(K);
        const Result got = attempt([&] { return result("A", attn::attention_weights(Q, K), kScores); });
        if (refused_valid_input(got, "attention_weights", input)) return;
        const std::string instead = unless_shape(got, "A", L_Q, L_K);
        BOOST_TEST(instead.empty(), input << " must give A " << L_Q << "x" << L_K
                                          << " without an error (the contract refuses only Q and K of different "
                                             "widths); got " << instead);
    }
    const arma::mat Q0(0, 3), K4(2, 4, arma::fill::ones);
    const std::string msg = shape_error_here_or_below("attention_weights", [&] { attn::attention_weights(Q0, K4); });
    BOOST_TEST(msg.find("d_q = d_k") != std::string::npos,
               "Q 0x3 with K 2x4: no query, but widths that differ; it must throw ShapeError naming d_q = d_k; got '"
                   << msg << "'");
    if (!msg.empty()) message_names(msg, {"Q 0x3", "K 2x4"}, "Q 0x3 with K 2x4 (no query, keys 4 wide for queries 3 wide)");
}

BOOST_AUTO_TEST_CASE(rejects_q_and_k_of_different_widths) {
    // the check may be attention_weights' own or that of scores (which it calls): either names the
    // rule, and Q and K by their names and shapes
    // and with a single key: a case handled apart (one key takes all the weight) is refused too
    for (const arma::uword keys : {3, 1}) {
        const arma::mat K5(keys, 5, arma::fill::ones);
        const std::string k = "K " + attn::shape_of(K5);
        const std::string input = "Q 3x4 with " + k + (keys == 1 ? " (a single key, 5 wide for queries 4 wide)"
                                                                  : " (keys 5 wide for queries 4 wide)");
        const std::string msg =
            shape_error_here_or_below("attention_weights", [&] { attn::attention_weights(kQ, K5); }, input);
        if (msg.empty()) return;
        BOOST_TEST(msg.find("d_q = d_k") != std::string::npos,
                   input << " must throw ShapeError naming d_q = d_k; got '" << msg << "'");
        if (!message_names(msg, {"Q 3x4", k}, input)) return;
    }
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== attend
BOOST_AUTO_TEST_SUITE(attend)

BOOST_AUTO_TEST_CASE(is_a_times_v_for_square_wide_and_narrow_weights) {
    // the worked example's A and V, 2 queries over 4 keys, a 3x3 V
    attend_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(matches_the_tutorials_output) {
    const arma::mat Z = attn::attend(exact_A(), kV);
    BOOST_TEST(matrices_close(Z, kZ2dp, kTwoDecimals, "Z = A V to 2 decimals", kOutput));
    BOOST_TEST(matrices_close(Z, exact_Z(), 1e-12, "Z = A V", kOutput));
}

BOOST_AUTO_TEST_CASE(the_output_is_3x4_not_the_3x3_weights) {
    const arma::mat Z = attn::attend(exact_A(), kV);
    BOOST_TEST((Z.n_rows == 3u && Z.n_cols == 4u),
               "A (3x3) times V (3x4) is 3x4, one row per token as wide as a value; got " << attn::shape_of(Z));
}

BOOST_AUTO_TEST_CASE(shuffling_keys_with_their_values_changes_nothing) {
    const Random r(3, 4, 4, 3);
    const arma::mat A = softmax_by_hand(dot_table(r.Q, r.K));
    const arma::uvec order = {3, 1, 0, 2};
    const arma::mat Z = attn::attend(A, r.V);
    const arma::mat Z2 = attn::attend(arma::mat(A.cols(order)), arma::mat(r.V.rows(order)));
    BOOST_TEST(matrices_close(Z2, Z, 1e-12, "output after moving each key's weight and value together", kOutput));
}

BOOST_AUTO_TEST_CASE(each_output_entry_lies_between_the_values_it_mixes) {
    const Random r(5, 6, 4, 3, 3);
    const arma::mat Z = attn::attend(softmax_by_hand(dot_table(r.Q, r.K)), r.V);
    BOOST_REQUIRE_MESSAGE(Z.n_rows == 5u && Z.n_cols == 3u, "A 5x6 times V 6x3 is 5x3; got " << attn::shape_of(Z));
    for (arma::uword c = 0; c < r.V.n_cols; ++c) {
        const double lo = r.V.col(c).min(), hi = r.V.col(c).max();
        for (arma::uword i = 0; i < Z.n_rows; ++i)
            BOOST_TEST((Z(i, c) >= lo - 1e-12 && Z(i, c) <= hi + 1e-12),
                       "Z(" << i << "," << c << ") = " << Z(i, c) << " is outside column " << c << " of V, [" << lo
                            << ", " << hi << "]: a weighted average cannot leave that range");
    }
}

BOOST_AUTO_TEST_CASE(spends_the_weights_as_given_whatever_each_row_sums_to) {
    // attend is Z = A V for any A: a row summing to 1.5 or 0.6 is not rescaled, a row of zeros gives zeros
    if (!results_right(attend_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once is_a_times_v_for_square_wide_and_narrow_weights passes");
        return;
    }
    attend_given_weights_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(no_keys_give_rows_of_zeros) {
    // A 3x0 and V 0x2: one column of A per row of V, so the contract does not refuse them; each
    // output row is the sum of no weighted value rows, 2 zeros
    if (!results_right(attend_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once is_a_times_v_for_square_wide_and_narrow_weights passes");
        return;
    }
    const Result got = attempt([] { return result("Z", attn::attend(arma::mat(3, 0), arma::mat(0, 2)), kOutput); });
    if (refused_valid_input(got, "attend", "A 3x0 and V 0x2 (no keys)")) return;
    const bool right = got.threw == Threw::nothing && got.parts.at(0).value.n_rows == 3 && got.parts.at(0).value.n_cols == 2 &&
                       arma::all(arma::vectorise(got.parts.at(0).value) == 0.0);
    BOOST_TEST(right, "A 3x0 and V 0x2 (no keys) must give Z 3x2 of zeros, the sums of no value rows, without an error "
                      "(the contract refuses only an A without one column per row of V); got "
                          << (got.threw != Threw::nothing ? got.type + ": " + got.message
                              : got.parts.at(0).value.is_empty() || got.parts.at(0).value.n_rows != 3 ||
                                        got.parts.at(0).value.n_cols != 2
                                  ? "Z " + attn::shape_of(got.parts.at(0).value)
                                  : "Z 3x2 with an entry of " + show(arma::abs(got.parts.at(0).value).max())));
}

BOOST_AUTO_TEST_CASE(no_queries_give_no_rows_as_wide_as_a_value) {
    // A 0x3 and V 3x2: one column of A per row of V, so the contract does not refuse them; no
    // query gives no output row, and Z keeps the width of a value, 0x2 (L_Q x d_v)
    if (!results_right(attend_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once is_a_times_v_for_square_wide_and_narrow_weights passes");
        return;
    }
    const Result got = attempt([] { return result("Z", attn::attend(arma::mat(0, 3), arma::mat(3, 2)), kOutput); });
    if (refused_valid_input(got, "attend", "A 0x3 and V 3x2 (no queries)")) return;
    const std::string instead = unless_shape(got, "Z", 0, 2);
    BOOST_TEST(instead.empty(), "A 0x3 and V 3x2 (no queries) must give Z 0x2, no rows as wide as a value, without an "
                                "error (the contract refuses only an A without one column per row of V); got "
                                    << instead);
}

BOOST_AUTO_TEST_CASE(rejects_a_without_one_column_per_value_row) {
    const arma::mat V2(2, 4, arma::fill::ones);
    const std::string msg = refusal_of<attn::ShapeError>("attend", [&] { attn::attend(exact_A(), V2); });
    if (msg.empty()) return;  // refusal_of has said what went wrong
    BOOST_TEST(msg.find("attend:") == 0, "A 3x3 with V 2x4 must throw ShapeError naming attend; got '" << msg << "'");
    BOOST_TEST(msg.find("L_K = L_V") != std::string::npos, "the message should name the rule L_K = L_V; got '" << msg << "'");
    // each matrix under its own name, in the order the contract words it ("got A 3x3 and V 2x4")
    if (!message_names(msg, {"A 3x3", "V 2x4"}, "A 3x3 with V 2x4 (3 columns of weights for 2 value rows)", true))
        return;
    // and the other way, more value rows than columns of weights: a check of one direction only lets it through
    const arma::mat V4(4, 4, arma::fill::ones);
    const std::string more = refusal_of<attn::ShapeError>("attend", [&] { attn::attend(exact_A(), V4); }, {},
                                                          "A 3x3 with V 4x4 (more value rows than weights)");
    if (more.empty()) return;
    message_names(more, {"A 3x3", "V 4x4"}, "A 3x3 with V 4x4 (3 columns of weights for 4 value rows)", true);
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== row_one_by_hand
BOOST_AUTO_TEST_SUITE(row_one_by_hand)

BOOST_AUTO_TEST_CASE(is_the_weighted_sum_of_the_value_rows) {
    // the tutorial's rounded weights; 6 value rows 2 wide; a square V
    row_one_by_hand_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(gives_1_21_0_58_0_21_0_21_from_the_rounded_weights) {
    const arma::rowvec z = attn::mix_value_rows(arma::rowvec{0.58, 0.21, 0.21}, kV);
    // 0.58 (1,1,0,0) + 0.21 (2,0,0,1) + 0.21 (1,0,1,0), column by column:
    const arma::rowvec expected = {0.58 * 1 + 0.21 * 2 + 0.21 * 1, 0.58, 0.21, 0.21};
    BOOST_TEST(matrices_close(z, expected, 1e-12, "row 1 of A V from 0.58, 0.21, 0.21", entries("feature")));
}

BOOST_AUTO_TEST_CASE(matches_row_1_of_a_v_with_the_exact_weights) {
    const arma::rowvec z = attn::mix_value_rows(exact_A().row(0), kV);
    BOOST_TEST(matrices_close(z, exact_Z().row(0), 1e-12, "row 1 of A V", entries("feature")));
    BOOST_TEST(matrices_close(z, kZ2dp.row(0), kTwoDecimals, "row 1 of A V to 2 decimals", entries("feature")));
}

BOOST_AUTO_TEST_CASE(spends_the_weights_as_given_whatever_they_sum_to) {
    // weights summing to 0.8 or 1.6 are not rescaled; weights of 0 give a row of zeros
    if (!results_right(row_one_by_hand_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once is_the_weighted_sum_of_the_value_rows passes");
        return;
    }
    row_one_by_hand_given_weights_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(no_keys_give_a_row_of_zeros) {
    // weights 1x0 and V 0x3: one weight per row of V, so the contract does not refuse them; the
    // sum of no weighted rows is a row of d_v zeros
    if (!results_right(row_one_by_hand_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once is_the_weighted_sum_of_the_value_rows passes");
        return;
    }
    // right on every input with a key (checked above); with none, row 0 or weight 0 read outside
    // the loop, or a bound V.n_rows - 1 wrapped round, runs past the end, and an early return of
    // an empty row (or a result first assigned in the loop) gives 1x0: said by its relation
    Diagnosis d("row_one_by_hand", "mix_value_rows");
    d.probe("weights 1x0 and V 0x3 (no keys)",
            [] { return result("z", attn::mix_value_rows(arma::rowvec(), arma::mat(0, 3)), entries("feature")); },
            result("z", arma::mat(1, 3, arma::fill::zeros), entries("feature")))
        .variant(m::empty_sum_reads_past_the_end, Result::throws(Threw::armadillo_index));
    d.judge();
}

BOOST_AUTO_TEST_CASE(rejects_weights_of_the_wrong_length) {
    const std::string msg =
        refusal_of<attn::ShapeError>("mix_value_rows", [&] { attn::mix_value_rows(arma::rowvec{0.5, 0.5}, kV); });
    if (msg.empty()) return;  // refusal_of has said what went wrong
    BOOST_TEST(msg.find("mix_value_rows:") == 0,
               "2 weights for 3 value rows must throw ShapeError naming mix_value_rows; got '" << msg << "'");
    // each under its own name, the contract's weights and V
    if (!message_names(msg, {"weights 1x2", "V 3x4"}, "2 weights (1x2) for V 3x4 (3 value rows)")) return;
    // too many as well: a check that refuses only too few weights, or a loop over V's rows
    // alone, lets the fourth weight through unread
    const std::string more = refusal_of<attn::ShapeError>(
        "mix_value_rows", [&] { attn::mix_value_rows(arma::rowvec{0.25, 0.25, 0.25, 0.25}, kV); }, {},
        "4 weights for 3 value rows");
    if (more.empty()) return;
    message_names(more, {"weights 1x4", "V 3x4"}, "4 weights (1x4) for V 3x4 (3 value rows)");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== llms_row
BOOST_AUTO_TEST_SUITE(llms_row)

BOOST_AUTO_TEST_CASE(the_output_row_is_the_last_row_of_a_v_for_any_number_of_tokens) {
    // the worked example (3 tokens), 5 queries over 3 keys, 4 over 4, 2 over 5
    llms_output_row_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(the_range_check_holds_every_column_to_its_own_inclusive_range) {
    // inside, outside in one column or another, at the extremes, past them by a rounding error
    inside_value_range_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(the_llms_row_is_1_14_0_23_0_63_0_14) {
    const arma::rowvec z = attn::llms_output_row(exact_A(), kV);
    BOOST_TEST(matrices_close(z, kZ2dp.row(2), kTwoDecimals, "the LLMs row to 2 decimals", entries("feature")));
    BOOST_TEST(matrices_close(z, exact_Z().row(2), 1e-12, "the LLMs row", entries("feature")));
}

BOOST_AUTO_TEST_CASE(the_llms_row_lies_between_the_smallest_and_largest_value) {
    BOOST_TEST(attn::inside_value_range(exact_Z().row(2), kV),
               "(1.14, 0.23, 0.63, 0.14) is inside V's column ranges [1,2], [0,1], [0,1], [0,1]: the check must say true");
    BOOST_TEST(attn::inside_value_range(kZ2dp.row(0), kV), "(1.21, 0.58, 0.21, 0.21) is inside too");
}

BOOST_AUTO_TEST_CASE(a_row_outside_a_column_range_is_caught) {
    BOOST_TEST(!attn::inside_value_range(arma::rowvec{2.5, 0.5, 0.5, 0.5}, kV),
               "2.5 is above column 0's largest value 2: the check must say false");
    BOOST_TEST(!attn::inside_value_range(arma::rowvec{1.5, 0.5, 0.5, -0.1}, kV),
               "-0.1 is below column 3's smallest value 0 (check every column, not only the first)");
    BOOST_TEST(!attn::inside_value_range(arma::rowvec{0.9, 0.5, 0.5, 0.5}, kV), "0.9 is below column 0's smallest value 1");
}

BOOST_AUTO_TEST_CASE(the_extremes_themselves_are_inside) {
    BOOST_TEST(attn::inside_value_range(arma::rowvec{1.0, 0.0, 0.0, 0.0}, kV), "the bounds are inclusive");
    BOOST_TEST(attn::inside_value_range(arma::rowvec{2.0, 1.0, 1.0, 1.0}, kV), "the bounds are inclusive");
}

BOOST_AUTO_TEST_CASE(rejects_a_without_one_column_per_value_row) {
    // the check may be llms_output_row's own or that of mix_value_rows (which it may call): either names the rule
    const arma::mat V2(2, 4, arma::fill::ones);
    const std::string msg = shape_error_here_or_below("llms_output_row", [&] { attn::llms_output_row(exact_A(), V2); });
    if (msg.empty()) return;  // refusal_of, which it calls, has said what went wrong
    BOOST_TEST(msg.find("L_K = L_V") != std::string::npos,
               "A 3x3 with V 2x4 must throw ShapeError naming the rule L_K = L_V; got '" << msg << "'");
    // the matrices under their own names: A and V in llms_output_row's own message (in attend's
    // order, "got A 3x3 and V 2x4"), or in mix_value_rows' the row of weights it was handed (A's
    // last row, 1x3) and V
    const bool below = msg.rfind("mix_value_rows:", 0) == 0;
    if (!message_names(msg, {below ? "weights 1x3" : "A 3x3", "V 2x4"},
                       below ? "the last row of A (weights 1x3) with V 2x4 (3 weights for 2 value rows)"
                             : "A 3x3 with V 2x4 (3 columns of weights for 2 value rows)",
                       !below))
        return;
    // and the other way, more value rows than columns of weights: a check of one direction only lets it through
    const arma::mat V4(4, 4, arma::fill::ones);
    const std::string more =
        shape_error_here_or_below("llms_output_row", [&] { attn::llms_output_row(exact_A(), V4); });
    BOOST_TEST(more.find("L_K = L_V") != std::string::npos,
               "A 3x3 with V 4x4 must throw ShapeError naming the rule L_K = L_V; got '" << more << "'");
    if (more.empty()) return;
    const bool more_below = more.rfind("mix_value_rows:", 0) == 0;
    message_names(more, {more_below ? "weights 1x3" : "A 3x3", "V 4x4"},
                  more_below ? "the last row of A (weights 1x3) with V 4x4 (3 weights for 4 value rows)"
                             : "A 3x3 with V 4x4 (3 columns of weights for 4 value rows)",
                  !more_below);
}

BOOST_AUTO_TEST_CASE(one_query_is_its_own_last_row) {
    // A 1x3 (a sentence of one token, L_Q = 1) has a last row, row 0: only an A with no rows is refused
    if (!results_right(llms_output_row_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once the_output_row_is_the_last_row_of_a_v_for_any_number_of_tokens passes");
        return;
    }
    const arma::mat A = {{0.2, 0.5, 0.3}};
    const Result got = attempt([&] { return result("z", arma::mat(attn::llms_output_row(A, kV)), entries("feature")); });
    if (refused_valid_input(got, "llms_output_row", "A 1x3 (one query) with V 3x4")) return;
    if (got.threw != Threw::nothing) {
        BOOST_ERROR("A 1x3 (one query) with V 3x4 must give its only row, row 0 of A V, without an error (the contract "
                    "refuses an A with no rows, L_Q = 0, not one with a single row); got "
                    << got.type << ": " << got.message);
        return;
    }
    BOOST_TEST(matrices_close(got.parts.at(0).value, mix_by_hand(A, kV), 1e-12, "the output row of a single query",
                              entries("feature")));
}

BOOST_AUTO_TEST_CASE(no_keys_give_a_row_of_zeros) {
    // A 2x0 and V 0x3: two queries (so a last one) and one column of A per row of V; the last
    // output row is the sum of no weighted value rows, 3 zeros. Only an A with no ROWS is refused
    if (!results_right(llms_output_row_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once the_output_row_is_the_last_row_of_a_v_for_any_number_of_tokens passes");
        return;
    }
    const Result got = attempt([] { return result("z", arma::mat(attn::llms_output_row(arma::mat(2, 0), arma::mat(0, 3))), entries("feature")); });
    if (refused_valid_input(got, "llms_output_row", "A 2x0 and V 0x3 (two queries, no keys)")) return;
    const std::string instead = unless_shape(got, "z", 1, 3);
    BOOST_TEST((instead.empty() && arma::all(arma::vectorise(got.parts.at(0).value) == 0.0)),
               "A 2x0 and V 0x3 (two queries, no keys) must give z 1x3 of zeros, the sum of no value rows, without an "
               "error (the contract refuses an A with no rows, L_Q = 0, not one with no columns); got "
                   << (instead.empty() ? "z with an entry of " + show(arma::abs(got.parts.at(0).value).max()) : instead));
}

BOOST_AUTO_TEST_CASE(rejects_a_with_no_rows) {
    // no query, so no last token whose row could be returned: a ShapeError, not Armadillo's index error
    if (!results_right(llms_output_row_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once the_output_row_is_the_last_row_of_a_v_for_any_number_of_tokens passes");
        return;
    }
    const arma::mat A(0, 3), V(3, 4, arma::fill::ones);
    const std::string msg = refusal_of<attn::ShapeError>("llms_output_row", [&] { attn::llms_output_row(A, V); });
    if (msg.empty()) return;
    message_names(msg, {"A 0x3"}, "A 0x3 (no query) with V 3x4");
}

BOOST_AUTO_TEST_CASE(rejects_rows_of_the_wrong_width) {
    const std::string msg =
        refusal_of<attn::ShapeError>("inside_value_range", [&] { attn::inside_value_range(arma::rowvec{1.0, 0.5}, kV); });
    BOOST_TEST(msg.find("inside_value_range:") == 0, "z 1x2 against V 3x4 must throw ShapeError; got '" << msg << "'");
    if (msg.empty()) return;
    if (!message_names(msg, {"z 1x2", "V 3x4"}, "z 1x2 against V 3x4 (2 entries for 4 columns)")) return;
    // wider as well: a loop over V's columns alone never reads z's fifth entry
    const std::string wider = refusal_of<attn::ShapeError>(
        "inside_value_range", [&] { attn::inside_value_range(arma::rowvec{1.0, 0.5, 0.5, 0.5, 0.5}, kV); }, {},
        "z 1x5 against V 3x4");
    if (wider.empty()) return;
    message_names(wider, {"z 1x5", "V 3x4"}, "z 1x5 against V 3x4 (5 entries for 4 columns)");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== attention_questions
BOOST_AUTO_TEST_SUITE(attention_questions)

BOOST_AUTO_TEST_CASE(the_divisor_is_sqrt_d_k_not_sqrt_d_model) {
    const double got = snapped(attn::score_divisor(512, 64), {8.0, std::sqrt(512.0), 64.0, 512.0, 0.125, 2.0});
    judge_answer<double>("a model 512 wide with keys 64 wide divides its scores by", got, 8.0,
                         {{std::sqrt(512.0), &m::thinks_divisor_is_sqrt_d_model},
                          {64.0, &m::thinks_divisor_is_a_width},
                          {512.0, &m::thinks_divisor_is_a_width},
                          {0.125, &m::thinks_divisor_is_its_inverse},
                          {2.0, &mistake_of(Divisor::fixed_two)}},
                         "the scores are divided by the square root of the width of one key: sqrt(64) = 8 (chapter 04, "
                         "'The idea', item 2)");
}

BOOST_AUTO_TEST_CASE(the_worked_example_halves_its_scores) {
    BOOST_TEST(std::abs(attn::score_divisor(4, 4) - 2.0) < 1e-12,
               "the worked example: d_k = 4, so the scores are halved; got " << attn::score_divisor(4, 4));
    BOOST_TEST(std::abs(attn::score_divisor(96, 9) - 3.0) < 1e-12,
               "keys 9 wide in a model 96 wide: sqrt(9) = 3; got " << attn::score_divisor(96, 9));
}

BOOST_AUTO_TEST_CASE(the_layer_hands_on_a_v_not_the_weights) {
    judge_answer<attn::LayerOutput>("which matrix the next layer receives", attn::what_the_layer_hands_on(),
                                    attn::LayerOutput::weighted_values,
                                    {{attn::LayerOutput::weights, &m::thinks_the_layer_hands_on_weights},
                                     {attn::LayerOutput::scores, &m::thinks_the_layer_hands_on_scores}},
                                    "the output is Z = A V (chapter 04, step 5)");
}

BOOST_AUTO_TEST_CASE(attention_weights_need_not_be_symmetric) {
    judge_answer<bool>("must A(i, j) equal A(j, i)?", attn::weights_must_be_symmetric(), false,
                       {{true, &m::thinks_attention_is_symmetric}}, "");
}

BOOST_AUTO_TEST_CASE(llms_pays_love_0_14) {
    const double right = weight(2, 1), reverse = weight(1, 2), unscaled = unscaled_weight(2, 1),
                 over_d_k = over_d_k_weight(2, 1);
    // LLMs's own key left out of its softmax: e^1 / (e^1.5 + e^1), its halved scores over I and love alone
    const double without_itself = std::exp(kHalved(2, 1)) / (std::exp(kHalved(2, 0)) + std::exp(kHalved(2, 1)));
    judge_entry_of_a("the weight LLMs pays to love, A(LLMs, love)", attn::weight_llms_pays_to_love(), right,
                     {{reverse, &m::reads_attention_the_wrong_way},
                      {unscaled, &mistake_of(Divisor::none)},
                      {over_d_k, &mistake_of(Divisor::d_k)},
                      {without_itself, &m::thinks_a_token_skips_itself}},
                     "row LLMs, column love of A: the program prints 0.14 (chapter 04, step 4)");
}

BOOST_AUTO_TEST_CASE(love_keeps_0_63_of_its_own_value) {
    const double right = weight(1, 1), unscaled = unscaled_weight(1, 1);
    judge_entry_of_a("the share of z_love that is v_love, A(love, love)", attn::share_love_keeps_of_itself(), right,
                     {{unscaled, &mistake_of(Divisor::none)},
                      {1.0, &m::thinks_a_token_keeps_its_whole_value},
                      {1.0 / 3.0, &m::thinks_weights_are_even},
                      {1.0 - right, &m::gives_the_share_love_borrows}},
                     "z_love = 0.14 v_I + 0.63 v_love + 0.23 v_LLMs: the layer keeps 63% of love's own value "
                     "(chapter 04, 'The idea', item 4)");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== chapter
BOOST_AUTO_TEST_SUITE(chapter)

BOOST_AUTO_TEST_CASE(the_walkthrough_reproduces_every_tutorial_matrix) {
    const auto w = attn::attention_by_hand_lab::worked_example();
    BOOST_TEST(matrices_close(w.p.Q, kQ, 1e-12, "Q"));
    BOOST_TEST(matrices_close(w.p.K, kK, 1e-12, "K"));
    BOOST_TEST(matrices_close(w.p.V, kV, 1e-12, "V"));
    BOOST_TEST(w.d_k == 4u);
    BOOST_TEST(matrices_close(w.S, kS, 1e-12, "Q K^T"));
    BOOST_TEST(matrices_close(w.S_scaled, kHalved, 1e-12, "Q K^T / 2"));
    BOOST_TEST(matrices_close(w.A, exact_A(), 1e-12, "A"));
    BOOST_TEST(matrices_close(w.Z, exact_Z(), 1e-12, "Z"));
    BOOST_TEST(matrices_close(w.A, kA2dp, kTwoDecimals, "A to 2 decimals"));
    BOOST_TEST(matrices_close(w.Z, kZ2dp, kTwoDecimals, "Z to 2 decimals"));
}

BOOST_AUTO_TEST_CASE(the_projections_come_from_the_worked_example_data) {
    // Q = X W_q by hand, from the stored example.
    const arma::mat X = attn::example::X(), W = attn::example::W_q();
    arma::mat Q(3, 4, arma::fill::zeros);
    for (arma::uword i = 0; i < 3; ++i)
        for (arma::uword j = 0; j < 4; ++j)
            for (arma::uword k = 0; k < 4; ++k) Q(i, j) += X(i, k) * W(k, j);
    BOOST_TEST(matrices_close(Q, kQ, 0.0, "X W_q by hand"));
    BOOST_TEST(Q(0, 0) == 2.0, "the tutorial's first hand step: Q[0,0] = 2");
}

BOOST_AUTO_TEST_CASE(the_heatmap_holds_the_weights_in_a_fixed_colour_range) {
    const auto w = attn::attention_by_hand_lab::worked_example();
    const auto fig = attn::attention_by_hand_lab::weights_heatmap(w);
    const auto& h = std::get<attn::plot::Heatmap>(fig.panels.at(0));
    BOOST_TEST(matrices_close(h.values, exact_A(), 1e-12, "heatmap values"));
    BOOST_TEST(h.zmin == 0.0);
    BOOST_TEST(h.zmax == 1.0);
    BOOST_TEST(h.decimals == 2, "the numbers are printed in the cells");
    BOOST_TEST(h.row_labels.at(1) == "love");
}

BOOST_AUTO_TEST_CASE(the_three_stages_are_scores_halved_and_weights) {
    const auto w = attn::attention_by_hand_lab::worked_example();
    const auto fig = attn::attention_by_hand_lab::three_stages_figure(w);
    BOOST_TEST(fig.panels.size() == 3u);
    BOOST_TEST(fig.cols == 3);
    BOOST_TEST(matrices_close(std::get<attn::plot::Heatmap>(fig.panels[0]).values, kS, 0.0, "panel 1"));
    BOOST_TEST(matrices_close(std::get<attn::plot::Heatmap>(fig.panels[1]).values, kHalved, 0.0, "panel 2"));
    BOOST_TEST(matrices_close(std::get<attn::plot::Heatmap>(fig.panels[2]).values, exact_A(), 1e-12, "panel 3"));
    BOOST_TEST(attn::plot::script(fig).find("multiplot") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_mixing_bars_add_up_to_the_love_row) {
    const auto w = attn::attention_by_hand_lab::worked_example();
    const auto fig = attn::attention_by_hand_lab::mixing_figure(w, 1);
    const auto& c = std::get<attn::plot::BarChart>(fig.panels.at(0));
    BOOST_TEST(c.groups.size() == 4u, "three weighted value rows and their sum");
    BOOST_TEST(c.categories.size() == 4u);
    const arma::mat Z = exact_Z();
    for (std::size_t col = 0; col < 4; ++col) {
        const double sum = c.groups[0].values[col] + c.groups[1].values[col] + c.groups[2].values[col];
        BOOST_TEST(std::abs(sum - Z(1, col)) < 1e-12);
        BOOST_TEST(std::abs(c.groups[3].values[col] - Z(1, col)) < 1e-12);
    }
    BOOST_TEST(c.groups[1].title.find("0.63") != std::string::npos, "the bar of v_love is labelled with its weight 0.63");
}

BOOST_AUTO_TEST_CASE(weights_times_values_figure_holds_a_v_and_z) {
    const auto w = attn::attention_by_hand_lab::worked_example();
    const auto fig = attn::attention_by_hand_lab::weights_times_values_figure(w);
    BOOST_REQUIRE(fig.panels.size() == 3u);
    const auto& a = std::get<attn::plot::Heatmap>(fig.panels[0]);
    const auto& v = std::get<attn::plot::Heatmap>(fig.panels[1]);
    const auto& z = std::get<attn::plot::Heatmap>(fig.panels[2]);
    BOOST_TEST(matrices_close(a.values, kA2dp, kTwoDecimals));
    BOOST_TEST(matrices_close(v.values, kV, 1e-12));
    BOOST_TEST(matrices_close(z.values, kZ2dp, kTwoDecimals));
    BOOST_TEST(a.zmax == 1.0, "weights keep the fixed [0, 1] colour range");
    BOOST_TEST(z.values.n_cols == 4u, "the output is 3x4, not the 3x3 weights");
    BOOST_TEST(v.zmax == z.zmax, "V and Z share a colour range");
}

BOOST_AUTO_TEST_SUITE_END()

// The inputs of each diagnosis tell every two declared mistakes apart, each variant
// shows, and each is named as itself: the proof that a name is never a guess.
BOOST_AUTO_TEST_SUITE(distinguishable)

BOOST_AUTO_TEST_CASE(scores) { scores_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(scale_scores) { scale_scores_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(attention_weights) { attention_weights_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(attend) {
    attend_diagnosis().require_distinguishable();
    attend_given_weights_diagnosis().require_distinguishable();
}
BOOST_AUTO_TEST_CASE(row_one_by_hand) {
    row_one_by_hand_diagnosis().require_distinguishable();
    row_one_by_hand_given_weights_diagnosis().require_distinguishable();
}
BOOST_AUTO_TEST_CASE(llms_output_row) { llms_output_row_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(inside_value_range) { inside_value_range_diagnosis().require_distinguishable(); }

BOOST_AUTO_TEST_SUITE_END()
