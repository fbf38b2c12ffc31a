// Chapter 11 tests: training, beyond the tutorial (the loss, the backward pass of
// attention, a check of any gradient, Adam and its learning-rate schedule).
// One suite per exercise (its name is the exercise's name); `chapter` holds the tests
// of the chapter's lab (src/labs/training_lab.cpp).
//
// Expected values come from scalar loops written here and in tests/support/oracles.hpp,
// from central differences of those loops, and from numbers worked out by hand, never
// from the code under test. Each exercise's first check runs the learner's function on
// a few inputs and names the mistake behind a wrong result (tests/support/diagnosis.hpp);
// `distinguishable` proves that those inputs tell every two declared mistakes apart.
//
// Dimension legend: T rows (tokens) of logits over n words; L_Q queries, L_K keys,
// d_k the width of a query and a key, d_v the width of a value.
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch11_training)

#include <algorithm>
#include <cmath>
#include <functional>
#include <sstream>
#include <string>
#include <vector>
#include <tuple>
#include <utility>

#include "check_progress.hpp"
#include "contracts/11_training.hpp"
#include "core/errors.hpp"
#include "labs/training_lab.hpp"
#include "support/diagnosis.hpp"
#include "support/families.hpp"
#include "support/oracles.hpp"
#include "support/relations.hpp"

using namespace attn_test;
namespace m = attn_test::mistakes;

namespace {

// the contract's shape rules, for a check of other sizes (support/relations.hpp)
[[maybe_unused]] const bool rules_known =
    contract_rules("softmax_rows_backward", {{"A", "dA", "A's shape against dA's, L_Q x L_K"}}) &&
    contract_rules("attention_backward", attention_rules(false)) &&
    contract_rules("attention_backward",
                   {{"A", "Q", "A's rows against Q's rows, L_Q"},
                    {"A", "K", "A's columns against K's rows, L_K"},
                    {"dZ", "Q", "dZ's rows against Q's rows, L_Q"},
                    {"dZ", "V", "dZ's columns against V's columns, d_v"},
                    {"A", "scores", "A's shape against the scores', L_Q x L_K"},
                    {"dZ", "output", "dZ's shape against the output's, L_Q x d_v"}}) &&
    contract_rules("adam_step", {{"grad", "W", "grad's shape against W's"},
                                 {"m", "W", "m's shape against W's"},
                                 {"v", "W", "v's shape against W's"}}) &&
    contract_rules("cross_entropy", {{"logits", "targets", "the number of targets against the logits' rows, T"}});

const Axes kWeights = axes("query", "key");

// What `call` throws as E, or "" (for the lab's own checks, which name no mistake).
template <class E, class F>
std::string thrown(F&& call) {
    try {
        call();
    } catch (const E& e) {
        return e.what();
    }
    return "";
}

// Two slips made together, with what they give on each probe of a diagnosis.
struct Combination {
    const Mistake* mistake;  // the first slip's: a combination is named as it, or as nothing
    std::string how;
    std::vector<Result> per_probe;
    std::vector<bool> declared;  // on which probes it can be computed (empty: all)
};
// Declares each combination as a combined variant of the probes (in order), except where
// on every probe it gives what some single slip gives, or the right result: there the
// second slip cannot show (a W never written back hides every later slip of the step),
// or the pair is another single slip (m and v both uncorrected: no correction), whose
// name is then the right one.
void declare_combinations(const std::vector<Probe*>& probes, const std::vector<Combination>& combos) {
    for (const Combination& c : combos) {
        bool shows = false;
        auto on = [&](std::size_t i) { return c.declared.empty() || c.declared[i]; };
        for (std::size_t i = 0; i < probes.size() && !shows; ++i) {
            if (!on(i)) continue;
            const Probe& p = *probes[i];
            bool single = same_result(c.per_probe[i], p.right, p.tol);
            for (const Variant& v : p.variants)
                single = single || (v.alone && v.reproduces(c.per_probe[i]));
            shows = !single;
        }
        if (!shows) continue;
        for (std::size_t i = 0; i < probes.size(); ++i)
            if (on(i)) probes[i]->variant(*c.mistake, c.per_probe[i]).labelled(c.how).combined();
    }
}

// ==================================================================== softmax's backward pass
// (softmax_backward_by_loops and its slips: tests/support/families.hpp)

struct BackwardInput {
    std::string input;
    arma::mat A, dA;
};
// 3 queries over 5 keys and 4 over 3 (random scores, stretched by 2 in the second),
// and 4 over 4 with masked keys: query 0 misses key 1, query 1 sees nothing (a row of
// zeros), query 2 everything, query 3 only keys 1 and 3.
std::vector<BackwardInput> softmax_backward_inputs() {
    arma::arma_rng::set_seed(91);
    const arma::mat S1 = arma::randn(3, 5), dA1 = arma::randn(3, 5);
    arma::arma_rng::set_seed(92);
    const arma::mat S2 = arma::randn(4, 3) * 2.0, dA2 = arma::randn(4, 3);
    const double inf = INFINITY;
    const arma::mat S3 = {{1.0, -inf, 2.0, 0.5}, {-inf, -inf, -inf, -inf}, {0.25, 1.5, -1.0, 2.5}, {-inf, 3.0, -inf, 1.0}};
    const arma::mat dA3 = {{0.5, 3.0, -1.0, 2.0}, {1.0, 2.0, 3.0, -0.5}, {-1.5, 0.75, 2.5, 1.0}, {2.0, -1.0, 0.5, 4.0}};
    arma::arma_rng::set_seed(93);
    const arma::mat S4 = arma::randn(3, 5) * 1.5, dA4 = arma::randn(3, 5);
    return {{"3x5 weights of random scores, random dA", softmax_by_loops(S1), dA1},
            // the same shapes with other values: a result kept for those shapes shows
            {"3x5 weights of other scores, another dA", softmax_by_loops(S4), dA4},
            {"4x3 weights of scores stretched by 2, random dA", softmax_by_loops(S2), dA2},
            {"4x4 weights with masked keys, query 1 seeing none (a row of zeros)", softmax_by_loops(S3), dA3}};
}

Diagnosis softmax_rows_backward_diagnosis() {
    Diagnosis d("softmax_rows_backward");
    for (const BackwardInput& in : softmax_backward_inputs()) {
        const arma::mat A = in.A, dA = in.dA;
        Probe& p = d.probe(in.input, [A, dA] { return result("dS", attn::softmax_rows_backward(A, dA), kWeights); },
                           result("dS", softmax_backward_by_loops(A, dA), kWeights));
        for (const JvpSlip& s : jvp_slips())
            p.variant(*s.mistake,
                      jvp_fits(A, s.way) ? result("dS", softmax_backward_by_loops(A, dA, s.way), kWeights)
                                         : Result::throws(Threw::armadillo_size, ""))
                .labelled(s.how);
        // the row's dot product divided by its sum of weights: the same where a row sums to 1,
        // 0 / 0 = NaN on a row that sees no key
        arma::mat by_sum = softmax_backward_by_loops(A, dA);
        for (arma::uword i = 0; i < A.n_rows; ++i) {
            double dot = 0, sum = 0;
            for (arma::uword j = 0; j < A.n_cols; ++j) dot += A(i, j) * dA(i, j), sum += A(i, j);
            for (arma::uword j = 0; j < A.n_cols; ++j) by_sum(i, j) = A(i, j) * (dA(i, j) - dot / sum);
        }
        p.variant(m::softmax_backward_divided_by_weight_sum, result("dS", by_sum, kWeights)).labelled("dot / sum(A_i)");
        const arma::umat masked = A == 0.0;
        if (masked.max() > 0) p.region("the masked keys (weight 0)", "dS", masked);
        p.quantity("L_K", static_cast<double>(A.n_cols));
    }
    return d;
}

// ==================================================================== attention's backward pass
// Forward: S = Q K^T / sqrt(d_k) (+ mask), A = softmax_rows(S), Z = A V. Backward, each
// line undoing one: dV = A^T dZ, dA = dZ V^T, dS = softmax_rows_backward(A, dA),
// dQ = dS K / sqrt(d_k), dK = dS^T Q / sqrt(d_k). The slips: any of softmax's above
// (written inline), a scale left out, of the wrong size, multiplied in, or on one side
// only; a product with a transpose too few or too many (those that fit only when
// L_Q = L_K), Q where K belongs or K where Q belongs, and the weights computed afresh.
struct BackWay {
    Jvp jvp = Jvp::right;
    double q_factor = 0, k_factor = 0;  // what dS is multiplied by for dQ and for dK (0: 1 / sqrt(d_k))
    bool scale_zero = false;            // ... by 0, for both (sqrt(1 / d_k) in integers)
    bool dv_untransposed = false;       // dV = A dZ
    bool da_transposed = false;         // dA = V dZ^T
    bool dq_transposed = false;         // dQ = dS^T K
    bool dk_untransposed = false;       // dK = dS Q
    bool dq_from_q = false;             // dQ = dS Q
    bool dk_from_k = false;             // dK = dS^T K
    bool recomputed = false;            // A = softmax_rows(Q K^T / sqrt(d_k)), without the mask
    bool lower_triangle = false;        // dS = trimatl(dS), a causal mask no one asked for
    bool dot_by_row = false;            // dS.each_row() -= sum(A % dA, 1).t(): row i, column j less row j's dot
};

struct AttentionCase {
    std::string input;
    arma::mat Q, K, V, A, dZ;
    arma::mat mask;  // additive, or empty
};
struct Grads {
    arma::mat dQ, dK, dV;
};

Grads attention_backward_by_loops(const AttentionCase& c, const BackWay& w = {}) {
    const double root = std::sqrt(static_cast<double>(c.K.n_cols));
    const arma::mat A = w.recomputed ? attention_by_loops(c.Q, c.K, c.V).weights : c.A;
    Grads g;
    g.dV = product_by_loops(w.dv_untransposed ? A : arma::mat(A.t()), c.dZ);
    const arma::mat dA = w.da_transposed ? product_by_loops(c.V, c.dZ.t()) : product_by_loops(c.dZ, c.V.t());
    arma::mat dS = softmax_backward_by_loops(A, dA, w.jvp);
    if (w.dot_by_row) {
        arma::vec dot(A.n_rows, arma::fill::zeros);
        for (arma::uword i = 0; i < A.n_rows; ++i)
            for (arma::uword j = 0; j < A.n_cols; ++j) dot(i) += A(i, j) * dA(i, j);
        for (arma::uword i = 0; i < A.n_rows; ++i)
            for (arma::uword j = 0; j < A.n_cols; ++j) dS(i, j) = A(i, j) * (dA(i, j) - dot(j));
    }
    if (w.lower_triangle)
        for (arma::uword i = 0; i < dS.n_rows; ++i)
            for (arma::uword j = i + 1; j < dS.n_cols; ++j) dS(i, j) = 0.0;
    const arma::mat dSq = dS * (w.scale_zero ? 0.0 : w.q_factor != 0 ? w.q_factor : 1.0 / root);
    const arma::mat dSk = dS * (w.scale_zero ? 0.0 : w.k_factor != 0 ? w.k_factor : 1.0 / root);
    g.dQ = w.dq_from_q       ? product_by_loops(dSq, c.Q)
           : w.dq_transposed ? product_by_loops(dSq.t(), c.K)
                             : product_by_loops(dSq, c.K);
    g.dK = w.dk_from_k         ? product_by_loops(dSk.t(), c.K)
           : w.dk_untransposed ? product_by_loops(dSk, c.Q)
                               : product_by_loops(dSk.t(), c.Q);
    return g;
}

Result grads_result(const arma::mat& dQ, const arma::mat& dK, const arma::mat& dV) {
    return result("dQ", dQ, axes("query", "feature")).add("dK", dK, axes("key", "feature")).add("dV", dV, axes("key", "feature"));
}
Result grads_result(const Grads& g) { return grads_result(g.dQ, g.dK, g.dV); }

AttentionCase attention_case(std::string input, arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v,
                             const arma::mat& mask, int seed) {
    AttentionCase c;
    c.input = std::move(input);
    arma::arma_rng::set_seed(seed);
    c.Q = arma::randn(L_Q, d_k);
    c.K = arma::randn(L_K, d_k);
    c.V = arma::randn(L_K, d_v);
    c.dZ = arma::randn(L_Q, d_v);
    c.mask = mask;
    c.A = attention_by_loops(c.Q, c.K, c.V, mask).weights;
    return c;
}
// 4 queries over 6 keys: keys 4 and 5 are padding (hidden from every query), and
// query 1 sees no key at all.
arma::mat padding_mask() {
    arma::mat mk(4, 6, arma::fill::zeros);
    mk.cols(4, 5).fill(-INFINITY);
    mk.row(1).fill(-INFINITY);
    return mk;
}
// Sizes chosen so that the roots and ratios of d_k and d_v never coincide (a result
// scaled by one of them is named by it), with L_Q = L_K on two inputs and not on two.
std::vector<AttentionCase> attention_cases() {
    return {attention_case("4 queries over 4 keys, d_k 3, d_v 2", 4, 4, 3, 2, arma::mat(), 101),
            attention_case("3 queries over 5 keys, d_k 6, d_v 2", 3, 5, 6, 2, arma::mat(), 102),
            attention_case("5 queries over 5 keys under a causal mask, d_k 4, d_v 3", 5, 5, 4, 3, causal_mask_by_loops(5),
                           103),
            attention_case("4 queries over 6 keys, keys 4 and 5 hidden and query 1 seeing none, d_k 2, d_v 5", 4, 6, 2, 5,
                           padding_mask(), 104),
            // the shapes of the second with other values: a result kept for those shapes shows
            // (last: the cases above are taken by their places)
            attention_case("3 queries over 5 keys, d_k 6, d_v 2, other numbers", 3, 5, 6, 2, arma::mat(), 105)};
}

struct BackSlip {
    const Mistake* mistake;
    std::string how;
    std::function<void(BackWay&, const AttentionCase&)> set;
    bool square_only;  // a product that fits only when L_Q = L_K
    BackWay way(const AttentionCase& c) const {
        BackWay w;
        set(w, c);
        return w;
    }
};
// Which parts of the backward pass a way changes: softmax's, the scale of dQ and of dK,
// dV's product, dA's, dQ's, dK's, the weights.
std::vector<int> parts_changed(const BackWay& w) {
    return {w.jvp != Jvp::right || w.lower_triangle || w.dot_by_row, w.q_factor != 0 || w.scale_zero, w.k_factor != 0 || w.scale_zero, w.dv_untransposed,
            w.da_transposed,
            w.dq_transposed || w.dq_from_q, w.dk_untransposed || w.dk_from_k, w.recomputed};
}
std::vector<BackSlip> attention_backward_slips() {
    std::vector<BackSlip> s;
    for (const JvpSlip& j : jvp_slips()) {
        if (j.way == Jvp::column_dots_by_row) continue;  // softmax_rows_backward's own: A is rarely square here
        const Jvp way = j.way;
        s.push_back({j.mistake, j.how, [way](BackWay& w, const AttentionCase&) { w.jvp = way; }, false});
    }
    s.push_back({&m::attention_backward_skips_softmax, "dS = dA / sqrt(d_k)",
                 [](BackWay& w, const AttentionCase&) { w.jvp = Jvp::skipped; }, false});
    // what dS is multiplied by on its way to dQ and to dK, from the case's sizes
    auto scaled = [&](const Mistake& mk, const std::string& how, std::function<std::pair<double, double>(double, double, double, double)> f) {
        s.push_back({&mk, how,
                     [f](BackWay& w, const AttentionCase& c) {
                         const auto qk = f(static_cast<double>(c.K.n_cols), static_cast<double>(c.V.n_cols),
                                           static_cast<double>(c.Q.n_rows), static_cast<double>(c.K.n_rows));
                         w.q_factor = qk.first;
                         w.k_factor = qk.second;
                     },
                     false});
    };
    using QK = std::pair<double, double>;
    scaled(m::attention_backward_missing_scale, "no 1 / sqrt(d_k)", [](double, double, double, double) { return QK{1, 1}; });
    scaled(m::attention_backward_scale_by_d_k, "/ d_k (or / sqrt(d_k) twice)", [](double d_k, double, double, double) { return QK{1 / d_k, 1 / d_k}; });
    scaled(m::attention_backward_scale_by_sqrt_d_v, "/ sqrt(d_v)",
           [](double, double d_v, double, double) { return QK{1 / std::sqrt(d_v), 1 / std::sqrt(d_v)}; });
    scaled(m::attention_backward_scale_on_one_side, "on dQ only",
           [](double d_k, double, double, double) { return QK{1 / std::sqrt(d_k), 1}; });
    scaled(m::attention_backward_scale_on_one_side, "on dK only",
           [](double d_k, double, double, double) { return QK{1, 1 / std::sqrt(d_k)}; });
    scaled(m::attention_backward_scale_multiplied, "* sqrt(d_k)",
           [](double d_k, double, double, double) { return QK{std::sqrt(d_k), std::sqrt(d_k)}; });
    scaled(m::attention_backward_scale_by_sequence_length, "/ sqrt(L_K)",
           [](double, double, double, double L_K) { return QK{1 / std::sqrt(L_K), 1 / std::sqrt(L_K)}; });
    scaled(m::attention_backward_scale_by_sequence_length, "/ sqrt(L_Q)",
           [](double, double, double L_Q, double) { return QK{1 / std::sqrt(L_Q), 1 / std::sqrt(L_Q)}; });
    s.push_back({&m::attention_backward_scale_integer_division, "sqrt(1 / d_k)",
                 [](BackWay& w, const AttentionCase&) { w.scale_zero = true; }, false});
    s.push_back({&m::attention_backward_recomputes_weights, "softmax_rows(Q K^T / sqrt(d_k))",
                 [](BackWay& w, const AttentionCase&) { w.recomputed = true; }, false});
    auto square = [&](const Mistake& mk, const std::string& how, std::function<void(BackWay&)> set) {
        s.push_back({&mk, how, [set](BackWay& w, const AttentionCase&) { set(w); }, true});
    };
    square(m::attention_backward_dv_untransposed, "A dZ", [](BackWay& w) { w.dv_untransposed = true; });
    square(m::attention_backward_masks_gradient, "trimatl(dS)", [](BackWay& w) { w.lower_triangle = true; });
    square(m::attention_backward_dot_subtracted_by_row, "each_row", [](BackWay& w) { w.dot_by_row = true; });
    square(m::attention_backward_da_transposed, "V dZ^T", [](BackWay& w) { w.da_transposed = true; });
    square(m::attention_backward_dq_transposed, "dS^T K", [](BackWay& w) { w.dq_transposed = true; });
    square(m::attention_backward_dk_untransposed, "dS Q", [](BackWay& w) { w.dk_untransposed = true; });
    square(m::attention_backward_q_and_k_swapped, "dS Q and dS^T K", [](BackWay& w) { w.dq_from_q = w.dk_from_k = true; });
    square(m::attention_backward_q_and_k_swapped, "dQ = dS Q", [](BackWay& w) { w.dq_from_q = true; });
    square(m::attention_backward_q_and_k_swapped, "dK = dS^T K", [](BackWay& w) { w.dk_from_k = true; });
    return s;
}

Diagnosis attention_backward_diagnosis() {
    Diagnosis d("attention_backward");
    const std::vector<AttentionCase> cases = attention_cases();
    const std::vector<BackSlip> slips = attention_backward_slips();
    std::vector<Probe*> probes;
    for (const AttentionCase& c : cases) {
        Probe& p = d.probe(c.input,
                           [c] {
                               const attn::AttentionGrads g = attn::attention_backward(c.Q, c.K, c.V, c.A, c.dZ);
                               return grads_result(g.dQ, g.dK, g.dV);
                           },
                           grads_result(attention_backward_by_loops(c)));
        probes.push_back(&p);
        for (const BackSlip& s : slips)
            if (!s.square_only || c.Q.n_rows == c.K.n_rows)
                p.variant(*s.mistake, grads_result(attention_backward_by_loops(c, s.way(c)))).labelled(s.how);
        p.quantity("d_k", static_cast<double>(c.K.n_cols)).quantity("d_v", static_cast<double>(c.V.n_cols))
            .quantity("L_Q", static_cast<double>(c.Q.n_rows)).quantity("L_K", static_cast<double>(c.K.n_rows));
    }
    // two slips at once, in different parts of the backward pass (on the square inputs
    // only when one of them needs L_Q = L_K)
    std::vector<Combination> combos;
    for (std::size_t i = 0; i < slips.size(); ++i)
        for (std::size_t j = i + 1; j < slips.size(); ++j) {
            if (slips[i].mistake == slips[j].mistake) continue;
            const std::vector<int> a = parts_changed(slips[i].way(cases[0])), b = parts_changed(slips[j].way(cases[0]));
            bool apart = true;
            for (std::size_t k = 0; k < a.size(); ++k) apart = apart && !(a[k] && b[k]);
            if (!apart) continue;
            Combination cb{slips[i].mistake, slips[i].how + " with " + slips[j].how, {}, {}};
            for (const AttentionCase& c : cases) {
                const bool fits = (!slips[i].square_only && !slips[j].square_only) || c.Q.n_rows == c.K.n_rows;
                BackWay w = slips[i].way(c);
                slips[j].set(w, c);
                cb.per_probe.push_back(fits ? grads_result(attention_backward_by_loops(c, w)) : Result{});
                cb.declared.push_back(fits);
            }
            combos.push_back(cb);
        }
    declare_combinations(probes, combos);
    return d;
}

// L(Q, K, V) = sum(Z % G), with Z the attention of Q, K, V under the case's mask: its
// gradient at Z is G, so attention_backward(.., dZ = G) must give dL/dQ, dL/dK, dL/dV.
double attention_loss(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask,
                      const arma::mat& G) {
    return arma::accu(attention_by_loops(Q, K, V, mask).output % G);
}

// ==================================================================== cross-entropy
// How each row's loss is formed: right (m + log sum exp(z - m) - z_t), through the
// unshifted probability, log sum exp(z) unshifted, through the shifted probability
// (log of softmax), without adding m back, or subtracting it, or log-sum-exp with
// another shift than the row's maximum (CeWay::shift).
// The loss through the probabilities of the gradient's softmax over the columns or over
// everything (CeGrad::columns, CeGrad::total) goes with them.
// The softmax run down each column (each column's own maximum and sum), or over the whole
// matrix (its one maximum and its one sum): the loss as that log-sum-exp minus z_t, or as
// -log of that probability (CeLoss::*_prob).
enum class CeLoss { right, prob_unshifted, lse_unshifted, prob_shifted, shift_not_added, shift_subtracted, other_shift,
                    columns, total, down_columns, down_columns_prob, whole, whole_prob, column_of_row, whole_row_shift,
                    int_total, row_mean_exp };
// How each row's softmax in the gradient is formed, and the one-hot with it: right,
// unshifted, as exp(z - lse) with an unshifted lse, without the one-hot, the one-hot
// after the division by T, the difference reversed, the exponentials divided by their
// column's total (arma::sum(E) without a dimension) or by everything's, or shifted by
// another amount than the row's maximum (CeWay::shift); the exponentials not divided by
// their row's sum (shifted or not); the one-hot's 1 at column r, the row's own number;
// (other_shift_lse) exp(z - lse) with the log-sum-exp taken under another shift (where a row
// lies far below it, its sum is 0, the lse -inf and each probability exp(+inf)).
enum class CeGrad { right, unshifted, from_unshifted_lse, without_onehot, onehot_after_division, negated, columns, total,
                    other_shift, unnormalised, unnormalised_unshifted, onehot_at_row_number, down_columns, whole,
                    whole_row_shift, row_mean_exp, other_shift_lse };
// (column_of_row: the loss of row r read its log-sum-exp from column r's sum of the
// row-shifted exponentials, sum(E)(r); whole_row_shift: exp(Z - m_r) of the whole matrix and
// its accu, m_r row r's maximum, as written, so it overflows where another row is far
// above row r; int_total: the rows' losses added up in an int, each new total truncated;
// row_mean_exp: the log of the mean of the row's exponentials, not of their sum, and in the
// gradient the exponentials over that mean)
// The other shifts: the largest logit of the whole matrix, the row's minimum, its mean,
// or each column's own maximum (arma::max(Z) without a dimension: not one amount per row,
// so it does not cancel).
enum class CeShift { global_max, row_min, row_mean, column_max };
// What the total is divided by: T (right), nothing, T n, n, or 1 / T in integers (0 for T > 1).
enum class Count { T, one, entries, columns, integer_zero };
struct CeWay {
    CeLoss loss = CeLoss::right;
    CeGrad grad = CeGrad::right;
    Count loss_by = Count::T, grad_by = Count::T;
    CeShift shift = CeShift::global_max;  // for other_shift
};

double factor_of(Count c, arma::uword T, arma::uword n) {
    const double t = static_cast<double>(T), v = static_cast<double>(n);
    switch (c) {
        case Count::T: return 1.0 / t;
        case Count::one: return 1.0;
        case Count::entries: return 1.0 / (t * v);
        case Count::columns: return 1.0 / v;
        case Count::integer_zero: return T == 1 ? 1.0 : 0.0;
    }
    return 1.0;
}

struct CeByLoops {
    double loss;
    arma::mat dlogits;
};
CeByLoops cross_entropy_by_loops(const arma::mat& Z, const std::vector<arma::uword>& t, const CeWay& w = {}) {
    const arma::uword T = Z.n_rows, n = Z.n_cols;
    const double fl = factor_of(w.loss_by, T, n), fg = factor_of(w.grad_by, T, n);
    CeByLoops r{0.0, arma::mat(T, n)};
    const arma::mat by_columns = softmax_by_loops(Z, {Shift::row_max, Norm::column_sum, true, false});
    const arma::mat by_total = softmax_by_loops(Z, {Shift::row_max, Norm::total, true, false});
    SoftmaxWay column_way;
    column_way.down_columns = true;
    const arma::mat down_columns = softmax_by_loops(Z, column_way);
    const arma::mat whole = softmax_by_loops(Z, {Shift::global_max, Norm::total, true, false});
    double global = -INFINITY;
    for (arma::uword k = 0; k < Z.n_elem; ++k) global = std::max(global, Z(k));
    double whole_sum = 0;
    for (arma::uword k = 0; k < Z.n_elem; ++k) whole_sum += std::exp(Z(k) - global);
    const double whole_lse = global + std::log(whole_sum);
    // each column's log-sum-exp, shifted by the column's maximum
    std::vector<double> column_lse(n);
    for (arma::uword j = 0; j < n; ++j) {
        double cm = -INFINITY, sum = 0;
        for (arma::uword i = 0; i < T; ++i) cm = std::max(cm, Z(i, j));
        for (arma::uword i = 0; i < T; ++i) sum += std::exp(Z(i, j) - cm);
        column_lse[j] = cm + std::log(sum);
    }
    // each column's sum of the exponentials shifted by their own row's maximum (sum(E))
    std::vector<double> row_max(T, -INFINITY), column_sum(n, 0.0);
    for (arma::uword i = 0; i < T; ++i)
        for (arma::uword j = 0; j < n; ++j) row_max[i] = std::max(row_max[i], Z(i, j));
    for (arma::uword j = 0; j < n; ++j)
        for (arma::uword i = 0; i < T; ++i) column_sum[j] += std::exp(Z(i, j) - row_max[i]);
    std::vector<double> column_max(n, -INFINITY);
    for (arma::uword j = 0; j < n; ++j)
        for (arma::uword i = 0; i < T; ++i) column_max[j] = std::max(column_max[j], Z(i, j));
    double total = 0;
    for (arma::uword i = 0; i < T; ++i) {
        double mx = -INFINITY;
        for (arma::uword j = 0; j < n; ++j) mx = std::max(mx, Z(i, j));
        double least = INFINITY, mean = 0;
        for (arma::uword j = 0; j < n; ++j) least = std::min(least, Z(i, j)), mean += Z(i, j) / static_cast<double>(n);
        const double other = w.shift == CeShift::global_max ? global : w.shift == CeShift::row_min ? least : mean;
        // what entry j of this row is shifted by, under the other shift
        auto other_at = [&](arma::uword j) { return w.shift == CeShift::column_max ? column_max[j] : other; };
        double shifted = 0, raw = 0, by_other = 0;
        for (arma::uword j = 0; j < n; ++j)
            shifted += std::exp(Z(i, j) - mx), raw += std::exp(Z(i, j)), by_other += std::exp(Z(i, j) - other_at(j));
        const double zt = Z(i, t[i]);
        double all_by_row = 0;  // accu(exp(Z - m_i)), as written
        for (arma::uword k = 0; k < Z.n_elem; ++k) all_by_row += std::exp(Z(k) - mx);
        switch (w.loss) {
            case CeLoss::right: total += mx + std::log(shifted) - zt; break;
            case CeLoss::prob_unshifted: total += -std::log(std::exp(zt) / raw); break;
            case CeLoss::lse_unshifted: total += std::log(raw) - zt; break;
            case CeLoss::prob_shifted: total += -std::log(std::exp(zt - mx) / shifted); break;
            case CeLoss::shift_not_added: total += std::log(shifted) - zt; break;
            case CeLoss::shift_subtracted: total += -mx + std::log(shifted) - zt; break;
            case CeLoss::other_shift: total += std::log(by_other) - (zt - other_at(t[i])); break;
            case CeLoss::columns: total += -std::log(by_columns(i, t[i])); break;
            case CeLoss::total: total += -std::log(by_total(i, t[i])); break;
            case CeLoss::down_columns: total += column_lse[t[i]] - zt; break;
            case CeLoss::down_columns_prob: total += -std::log(down_columns(i, t[i])); break;
            case CeLoss::whole: total += whole_lse - zt; break;
            case CeLoss::whole_prob: total += -std::log(whole(i, t[i])); break;
            case CeLoss::column_of_row: total += i < n ? mx + std::log(column_sum[i]) - zt : NAN; break;
            case CeLoss::whole_row_shift: total += mx + std::log(all_by_row) - zt; break;
            case CeLoss::int_total: total = std::trunc(total + (mx + std::log(shifted) - zt)); break;
            case CeLoss::row_mean_exp: total += mx + std::log(shifted / static_cast<double>(n)) - zt; break;
        }
        for (arma::uword j = 0; j < n; ++j) {
            double p = std::exp(Z(i, j) - mx) / shifted;
            if (w.grad == CeGrad::unshifted) p = std::exp(Z(i, j)) / raw;
            if (w.grad == CeGrad::from_unshifted_lse) p = std::exp(Z(i, j) - std::log(raw));
            if (w.grad == CeGrad::columns) p = by_columns(i, j);
            if (w.grad == CeGrad::total) p = by_total(i, j);
            if (w.grad == CeGrad::down_columns) p = down_columns(i, j);
            if (w.grad == CeGrad::whole) p = whole(i, j);
            if (w.grad == CeGrad::whole_row_shift) p = std::exp(Z(i, j) - mx) / all_by_row;
            if (w.grad == CeGrad::other_shift) p = std::exp(Z(i, j) - other_at(j)) / by_other;
            if (w.grad == CeGrad::other_shift_lse) p = std::exp(Z(i, j) - (other + std::log(by_other)));
            if (w.grad == CeGrad::row_mean_exp) p = std::exp(Z(i, j) - mx) / (shifted / static_cast<double>(n));
            if (w.grad == CeGrad::unnormalised) p = std::exp(Z(i, j) - mx);
            if (w.grad == CeGrad::unnormalised_unshifted) p = std::exp(Z(i, j));
            const arma::uword hot = w.grad == CeGrad::onehot_at_row_number ? i : t[i];
            const double onehot = j == hot && w.grad != CeGrad::without_onehot ? 1.0 : 0.0;
            r.dlogits(i, j) = w.grad == CeGrad::onehot_after_division ? p * fg - onehot
                              : w.grad == CeGrad::negated             ? (onehot - p) * fg
                                                                      : (p - onehot) * fg;
        }
    }
    r.loss = total * fl;
    return r;
}

Result ce_result(double loss, const arma::mat& dlogits) {
    Result r = number("loss", loss);
    r.add("dlogits", dlogits, axes("token", "word"));
    return r;
}
Result ce_result(const CeByLoops& r) { return ce_result(r.loss, r.dlogits); }

// The one-hot subtracted at dlogits(targets[r], r), row by row after row r's softmax is
// written (a later row's softmax overwrites it): Armadillo's index error where a target
// is T or more.
Result cross_entropy_onehot_swapped(const arma::mat& Z, const std::vector<arma::uword>& t) {
    const arma::uword T = Z.n_rows;
    for (const arma::uword target : t)
        if (target >= T) return Result::throws(Threw::armadillo_index);
    const arma::mat P = cross_entropy_by_loops(Z, t, {CeLoss::right, CeGrad::without_onehot, Count::T, Count::one}).dlogits;
    arma::mat D(arma::size(Z), arma::fill::zeros);
    for (arma::uword i = 0; i < T; ++i) {
        D.row(i) = P.row(i);
        D(t[i], i) -= 1.0;
    }
    return ce_result(cross_entropy_by_loops(Z, t).loss, D / static_cast<double>(T));
}

struct CeSlip {
    const Mistake* mistake;
    CeWay way;
    std::string how;
};

// The softmax's slips (tests/support/families.hpp) that these loops make as a learner's
// would: a shift other than each row's maximum, in the loss's log-sum-exp and in the
// gradient alike, and the gradient's softmax over the columns or over everything. (No
// shift at all is a slip of the loss of its own; the other ways change no number here
// that the loss's slips do not.)
std::vector<CeSlip> cross_entropy_softmax_slips() {
    SoftmaxSlips table;
    table.down_columns = table.by_length = table.without_exp = false;
    std::vector<CeSlip> out;
    for (const Slip& s : softmax_slips(table)) {
        const SoftmaxWay& w = s.way.softmax;
        CeWay ce;
        const bool other_shift = w.shift == Shift::global_max || w.shift == Shift::row_min ||
                                 w.shift == Shift::row_mean || w.shift == Shift::column_max;
        if (other_shift && w.norm == Norm::row_sum) {
            ce.loss = CeLoss::other_shift, ce.grad = CeGrad::other_shift;
            ce.shift = w.shift == Shift::global_max   ? CeShift::global_max
                       : w.shift == Shift::row_min    ? CeShift::row_min
                       : w.shift == Shift::column_max ? CeShift::column_max
                                                      : CeShift::row_mean;
        } else if (w.shift == Shift::row_max && (w.norm == Norm::column_sum || w.norm == Norm::total)) {
            // in the gradient alone, or in the probabilities the loss is read from too
            const bool columns = w.norm == Norm::column_sum;
            ce.grad = columns ? CeGrad::columns : CeGrad::total;
            out.push_back({s.mistake, ce, s.how});
            ce.loss = columns ? CeLoss::columns : CeLoss::total;
            out.push_back({s.mistake, ce, s.how + ", in the loss too"});
            continue;
        } else {
            continue;
        }
        out.push_back({s.mistake, ce, s.how});
        // one amount for the row: the probabilities also read as exp(z - lse) from that lse
        if (ce.shift != CeShift::column_max) {
            ce.grad = CeGrad::other_shift_lse;
            out.push_back({s.mistake, ce, s.how + ", p = exp(z - lse)"});
        }
    }
    // each column's own maximum and sum (arma::max(Z) and arma::sum(E) without a dimension),
    // or the whole matrix's (Z.max() and arma::accu(E)): in the loss's log-sum-exp, in the
    // gradient's softmax, or in both; the loss as log-sum-exp - z_t or as -log p_t
    SoftmaxWay columns;
    columns.down_columns = true;
    const SoftmaxWay everything{Shift::global_max, Norm::total, true, false};
    const std::vector<std::tuple<const Mistake*, CeLoss, CeLoss, CeGrad, std::string>> pools = {
        {mistake_of(columns), CeLoss::down_columns, CeLoss::down_columns_prob, CeGrad::down_columns, "down each column"},
        {mistake_of(everything), CeLoss::whole, CeLoss::whole_prob, CeGrad::whole, "over the whole matrix"}};
    // sum(E) for sum(E, 1) in a vectorised body: each column of E divided by its sum, and
    // row r's loss read from s(r), column r's sum; exp(Z - m_r) of the whole matrix and its
    // accu in the loop over the rows
    out.push_back({mistake_of(columns), {CeLoss::column_of_row, CeGrad::columns}, "s = sum(E), s(r) in the loss"});
    out.push_back({mistake_of(everything), {CeLoss::whole_row_shift, CeGrad::whole_row_shift}, "accu(exp(Z - m_r)) per row"});
    for (const auto& [mistake, lse, prob, grad, how] : pools) {
        CeWay w;
        w.loss = lse;
        out.push_back({mistake, w, "the loss's log-sum-exp " + how});
        w.grad = grad;
        out.push_back({mistake, w, "log-sum-exp and softmax " + how});
        w.loss = prob;
        out.push_back({mistake, w, "-log p_t and softmax " + how});
        w.loss = CeLoss::right;
        out.push_back({mistake, w, "the gradient's softmax " + how});
    }
    return out;
}
std::vector<CeSlip> cross_entropy_slips() {
    using L = CeLoss;
    using G = CeGrad;
    using C = Count;
    std::vector<CeSlip> slips = {
        {&m::cross_entropy_summed_over_rows, {L::right, G::right, C::one, C::one}, "no division"},
        {&m::cross_entropy_summed_over_rows, {L::right, G::right, C::one, C::T}, "the loss alone"},
        {&m::cross_entropy_gradient_not_averaged, {L::right, G::right, C::T, C::one}, "dlogits not divided"},
        {&m::cross_entropy_divided_by_entries, {L::right, G::right, C::entries, C::entries}, "by T n"},
        {&m::cross_entropy_divided_by_entries, {L::right, G::right, C::columns, C::columns}, "by n"},
        {&m::cross_entropy_integer_division, {L::right, G::right, C::integer_zero, C::integer_zero}, "both"},
        {&m::cross_entropy_integer_division, {L::right, G::right, C::T, C::integer_zero}, "dlogits"},
        {&m::cross_entropy_integer_division, {L::right, G::right, C::integer_zero, C::T}, "loss"},
        {&m::cross_entropy_without_shift, {L::prob_unshifted, G::unshifted}, "exp(z), then -log p_t"},
        {&m::cross_entropy_without_shift, {L::lse_unshifted, G::unshifted}, "log(accu(exp(z))) - z_t, exp(z) / sum"},
        {&m::cross_entropy_without_shift, {L::lse_unshifted, G::from_unshifted_lse}, "exp(z - lse), lse unshifted"},
        {&m::cross_entropy_without_shift, {L::lse_unshifted, G::right}, "the loss's log(accu(exp(z)))"},
        {&m::cross_entropy_without_shift, {L::prob_unshifted, G::right}, "the loss's exp(z_t) / sum"},
        {&m::cross_entropy_without_shift, {L::right, G::unshifted}, "the gradient's exp(z) / sum"},
        {&m::cross_entropy_log_of_softmax, {L::prob_shifted, G::right}, "-log of the shifted softmax"},
        {&m::cross_entropy_shift_not_added_back, {L::shift_not_added, G::right}, "m left out"},
        {&m::cross_entropy_shift_not_added_back, {L::shift_subtracted, G::right}, "m subtracted"},
        {&m::cross_entropy_gradient_without_onehot, {L::right, G::without_onehot}, "softmax / T"},
        {&m::cross_entropy_onehot_not_divided, {L::right, G::onehot_after_division}, "p / T - onehot"},
        {&m::cross_entropy_gradient_not_normalised, {L::right, G::unnormalised}, "exp(z - m) - onehot"},
        {&m::cross_entropy_gradient_not_normalised, {L::right, G::unnormalised_unshifted}, "exp(z) - onehot"},
        {&m::cross_entropy_onehot_at_row_number, {L::right, G::onehot_at_row_number}, "(r, r)"},
        {&m::cross_entropy_loss_in_int, {L::int_total, G::right}, "int total"},
        {&m::cross_entropy_mean_of_exponentials, {L::row_mean_exp, G::right}, "log(mean(E, 1))"},
        {&m::cross_entropy_mean_of_exponentials, {L::row_mean_exp, G::row_mean_exp}, "s = mean(E, 1) in both"},
    };
    // after the loss's own: a combination is named by its first slip
    for (const CeSlip& s : cross_entropy_softmax_slips()) slips.push_back(s);
    return slips;
}

struct CeInput {
    std::string input;
    arma::mat Z;
    std::vector<arma::uword> t;
};
// Three rows of very different ranges, targets away from the maxima; logits near 1e4
// (exp overflows); a target 1e4 below its row's best (its probability underflows to
// 0); uniform logits (every word 1/7). T and n differ (and so do their roots) on each.
const arma::mat kLogits = {{0.5, -1.2, 2.0, 0.3, -0.7}, {10.0, 12.5, 9.5, 11.0, 13.0}, {-3.0, -2.0, -4.5, -1.0, -2.5}};
const std::vector<arma::uword> kTargets = {2, 0, 4};
std::vector<CeInput> cross_entropy_inputs() {
    return {{"3 rows of different ranges, 5 words", kLogits, kTargets},
            {"a row of logits near 1e4 and a row near 1",
             {{1e4, 1e4 - 1, 1e4 - 3, 1e4 - 2, 1e4 - 0.5}, {2.0, 1.0, 0.5, 3.0, -1.0}},
             {1, 3}},
            {"a target 1e4 below its row's best logit, and a row near 1",
             {{0.0, -1e4, 3.0, 1.0, -2.0}, {1.5, 0.5, -0.5, 2.5, 1.0}},
             {1, 0}},
            {"4 rows of uniform logits over 7 words", arma::mat(4, 7, arma::fill::value(2.5)), {0, 3, 6, 2}}};
}

// Two ways made together, when they change different parts (the loss, the gradient,
// either division); false when they overlap.
bool merged(const CeWay& a, const CeWay& b, CeWay& out) {
    const CeWay none;
    if ((a.loss != none.loss && b.loss != none.loss) || (a.grad != none.grad && b.grad != none.grad) ||
        (a.loss_by != none.loss_by && b.loss_by != none.loss_by) || (a.grad_by != none.grad_by && b.grad_by != none.grad_by))
        return false;
    out.loss = a.loss != none.loss ? a.loss : b.loss;
    out.grad = a.grad != none.grad ? a.grad : b.grad;
    out.loss_by = a.loss_by != none.loss_by ? a.loss_by : b.loss_by;
    out.grad_by = a.grad_by != none.grad_by ? a.grad_by : b.grad_by;
    const bool a_shifts = a.loss == CeLoss::other_shift || a.grad == CeGrad::other_shift;
    const bool b_shifts = b.loss == CeLoss::other_shift || b.grad == CeGrad::other_shift;
    if (a_shifts && b_shifts) return false;
    out.shift = a_shifts ? a.shift : b.shift;
    return true;
}

Diagnosis cross_entropy_diagnosis() {
    Diagnosis d("cross_entropy");
    const std::vector<CeInput> inputs = cross_entropy_inputs();
    const std::vector<CeSlip> slips = cross_entropy_slips();
    std::vector<Probe*> probes;
    for (const CeInput& in : inputs) {
        const arma::mat Z = in.Z;
        const std::vector<arma::uword> t = in.t;
        Probe& p = d.probe(in.input,
                           [Z, t] {
                               const attn::CrossEntropyResult r = attn::cross_entropy(Z, t);
                               return ce_result(r.loss, r.dlogits);
                           },
                           ce_result(cross_entropy_by_loops(Z, t)));
        probes.push_back(&p);
        for (const CeSlip& s : slips) p.variant(*s.mistake, ce_result(cross_entropy_by_loops(Z, t, s.way))).labelled(s.how);
        p.variant(m::cross_entropy_onehot_at_row_number, cross_entropy_onehot_swapped(Z, t)).labelled("(targets[r], r)");
        // -log(p_t + eps): the probability kept off 0 by a small number of the learner's own
        {
            const CeByLoops right = cross_entropy_by_loops(Z, t);
            const arma::mat P = cross_entropy_by_loops(Z, t, {CeLoss::right, CeGrad::without_onehot, Count::one, Count::one})
                                    .dlogits;  // each row's softmax
            for (const double eps : {1e-12, 1e-10, 1e-9, 1e-8, 1e-7, 1e-6}) {
                double total = 0;
                for (arma::uword r = 0; r < Z.n_rows; ++r) total += -std::log(P(r, t[r]) + eps);
                p.variant(m::cross_entropy_log_of_softmax, ce_result(total / static_cast<double>(Z.n_rows), right.dlogits))
                    .labelled("-log(p_t + eps)");
            }
        }
        if (Z.n_rows > 1 && Z.n_cols > 1)
            p.on_other_input(ce_result(cross_entropy_by_loops(read_row_major(Z), t)),
                             "the logits read through memptr() as if stored row by row (memptr()[r * n + j]); "
                             "Armadillo stores a matrix column by column, so entry (r, j) is memptr()[r + j * T]: "
                             "write logits(r, j), which knows the layout");
        p.quantity("T", static_cast<double>(Z.n_rows)).quantity("n", static_cast<double>(Z.n_cols));
    }
    std::vector<Combination> combos;
    for (std::size_t i = 0; i < slips.size(); ++i)
        for (std::size_t j = i + 1; j < slips.size(); ++j) {
            CeWay w;
            if (slips[i].mistake == slips[j].mistake || !merged(slips[i].way, slips[j].way, w)) continue;
            Combination c{slips[i].mistake, slips[i].how + " with " + slips[j].how, {}, {}};
            for (const CeInput& in : inputs) c.per_probe.push_back(ce_result(cross_entropy_by_loops(in.Z, in.t, w)));
            combos.push_back(c);
        }
    declare_combinations(probes, combos);
    return d;
}

// ==================================================================== central differences
// G(i) = (f(W + h e_i) - f(W - h e_i)) / 2h, right or one-sided (forward or backward),
// with the entry left at W - h, over h, as (up - down) / 2 * h, with the second point at
// W itself, with every entry moved at once (W + h), or with the loop over the linear
// index stopped early (at W.n_rows, at W.n_cols, or one short of W.n_elem: the entries
// after it keep a gradient of 0), or from 1 (entry 0 keeps 0). Or with a step of another size, still over 2h (h / 2
// each way; h times the entry, W(i) (1 + h)); the entry set to +h and -h instead of
// moved by them; G started as W and the differences added to it; the two losses (or the
// difference) kept in a float; or one entry moved and another written: W(r, c) moved
// and G(c, r) written (where it fits), the row-major entry r n_cols + c moved and
// G(r, c) written, or W(r, c) moved and the linear entry r n_cols + c of G written.
enum class Ng { right, forward, backward, not_restored, missing_half, precedence, second_point_at_w, every_entry,
                loop_to_rows, loop_to_cols, loop_one_short, loop_from_one, half_step, double_step, relative_step, relative_central,
                set_to_h, starts_as_w,
                losses_in_float, entry_in_float, written_transposed, moved_row_major, written_row_major };

arma::mat differences_by_loops(const std::function<double(const arma::mat&)>& f, const arma::mat& W, double h,
                               Ng way = Ng::right) {
    arma::mat at = W, G(W.n_rows, W.n_cols, arma::fill::zeros);
    const double here = f(W);
    if (way == Ng::every_entry) {
        const double all = (f(W + h) - f(W - h)) / (2 * h);
        G.fill(all);
        return G;
    }
    if (way == Ng::starts_as_w) G = W;
    const arma::uword entries = way == Ng::loop_to_rows   ? W.n_rows
                                : way == Ng::loop_to_cols ? W.n_cols
                                : way == Ng::loop_one_short ? W.n_elem - 1
                                                            : W.n_elem;
    for (arma::uword i = way == Ng::loop_from_one ? 1 : 0; i < entries; ++i) {
        const arma::uword r = i % W.n_rows, c = i / W.n_rows;  // entry i is (r, c)
        // the entry moved, and the one of G written
        const arma::uword moved = way == Ng::moved_row_major ? r * W.n_cols + c : i;
        const double step = way == Ng::half_step     ? h / 2
                            : way == Ng::double_step ? 2 * h
                            : way == Ng::relative_step ? h * W(moved)
                            : way == Ng::relative_central ? h * std::abs(W(moved))
                                                       : h;
        at(moved) = way == Ng::set_to_h ? h : W(moved) + step;
        const double up = f(at);
        at(moved) = way == Ng::set_to_h ? -h : W(moved) - step;
        const double down = f(at);
        if (way != Ng::not_restored) at(moved) = W(moved);
        double g = (up - down) / (2 * h);
        switch (way) {
            case Ng::forward: g = (up - here) / h; break;
            case Ng::backward: g = (here - down) / h; break;
            case Ng::missing_half: g = (up - down) / h; break;
            case Ng::relative_central: g = (up - down) / (2 * step); break;
            case Ng::precedence: g = (up - down) / 2 * h; break;
            case Ng::second_point_at_w: g = (up - here) / (2 * h); break;
            case Ng::losses_in_float:
                g = static_cast<double>(static_cast<float>(up) - static_cast<float>(down)) / (2 * h);
                break;
            case Ng::entry_in_float: g = static_cast<float>((up - down) / (2 * h)); break;
            default: break;
        }
        if (way == Ng::starts_as_w)
            G(i) += g;
        else if (way == Ng::written_transposed) {
            if (c < W.n_rows && r < W.n_cols) G(c, r) = g;
        } else if (way == Ng::written_row_major)
            G(r * W.n_cols + c) = g;
        else
            G(i) = g;
    }
    return G;
}

// Which results are central differences with a step s of the code's own, whatever h is:
// f is at most cubic in each entry here, so its central difference at step s is
// g0 + s^2 k, entry by entry; g0 and k come from the differences at h and at h / 2.
std::function<bool(const Result&)> any_fixed_step(const std::function<double(const arma::mat&)>& f, const arma::mat& W,
                                                  double h) {
    const arma::mat at_h = differences_by_loops(f, W, h), at_half = differences_by_loops(f, W, h / 2);
    const arma::mat k = (at_h - at_half) / (h * h * 0.75);
    const arma::mat g0 = at_h - h * h * k;
    // where the step shows (k is not 0), the right result (step h) is not one of them
    return [g0, k, at_h, h](const Result& got) {
        const Part* G = got.part("G");
        if (got.threw != Threw::nothing || !G || G->value.n_rows != g0.n_rows || G->value.n_cols != g0.n_cols) return false;
        const arma::mat d = G->value - g0;
        const arma::uword far = arma::abs(k).index_max();
        const bool shows = std::abs(k(far)) * h * h > 1e-8 * std::max(1.0, std::abs(g0(far)));  // beyond rounding
        if (shows && agree(G->value, at_h)) return false;
        const double s2 = shows ? d(far) / k(far) : 0.0;
        if (s2 < -1e-9) return false;
        for (arma::uword i = 0; i < d.n_elem; ++i)
            if (std::abs(d(i) - s2 * k(i)) > 1e-7 * std::max(1.0, std::abs(g0(i)))) return false;
        return true;
    };
}

// f(W) = sum of W_ij^3 + (C . W)^2: a cubic (central differences are off by exactly
// h^2 on it) plus a term that couples every entry with every other.
const arma::mat kC = {{0.5, -1.0, 2.0}, {1.5, 0.25, -0.75}};
double cubic_and_coupled(const arma::mat& W) {
    double cubes = 0, dot = 0;
    for (arma::uword i = 0; i < W.n_elem; ++i) cubes += W(i) * W(i) * W(i), dot += kC(i) * W(i);
    return cubes + dot * dot;
}
// f(W) = sum_ij W_ij (A W)_ij for a 3x3 A that is not symmetric: gradient (A + A^T) W.
const arma::mat kA = {{1.0, 2.0, -0.5}, {0.0, -1.5, 1.0}, {0.75, 0.5, 2.0}};
double quadratic_form(const arma::mat& X) {
    const arma::mat AX = product_by_loops(kA, X);
    double s = 0;
    for (arma::uword i = 0; i < X.n_elem; ++i) s += X(i) * AX(i);
    return s;
}
const arma::mat kW3x2 = {{0.3, -1.1}, {2.0, 0.4}, {-0.7, 1.6}};
const arma::mat kW2x3 = {{0.8, -1.3, 0.2}, {1.1, -0.4, 2.2}};

Diagnosis numeric_gradient_diagnosis() {
    Diagnosis d("numeric_gradient");
    using F = std::function<double(const arma::mat&)>;
    const std::vector<std::tuple<std::string, F, arma::mat, double>> inputs = {
        {"a quadratic form of a 3x2 W, h = 1e-4", quadratic_form, kW3x2, 1e-4},
        {"a cubic coupling every entry of a 2x3 W, h = 1e-2", cubic_and_coupled, kW2x3, 1e-2},
        {"the same cubic, h = 1e-3", cubic_and_coupled, kW2x3, 1e-3},
        // any positive finite step is allowed, a large one too (exact for a quadratic)
        {"the quadratic form, h = 2", quadratic_form, kW3x2, 2.0}};
    const std::vector<std::tuple<const Mistake*, Ng, const char*>> slips = {
        {&m::numeric_gradient_one_sided, Ng::forward, "(f(W + h) - f(W)) / h"},
        {&m::numeric_gradient_one_sided, Ng::backward, "(f(W) - f(W - h)) / h"},
        {&m::numeric_gradient_entry_not_restored, Ng::not_restored, "left at W - h"},
        {&m::numeric_gradient_missing_half, Ng::missing_half, "/ h"},
        {&m::numeric_gradient_operator_precedence, Ng::precedence, "/ 2 * h"},
        {&m::numeric_gradient_second_point_not_moved, Ng::second_point_at_w, "(f(W + h) - f(W)) / 2h"},
        {&m::numeric_gradient_moves_every_entry, Ng::every_entry, "f(W + h) - f(W - h)"},
        {&m::numeric_gradient_loop_misses_entries, Ng::loop_to_rows, "i < W.n_rows"},
        {&m::numeric_gradient_loop_misses_entries, Ng::loop_to_cols, "i < W.n_cols"},
        {&m::numeric_gradient_loop_misses_entries, Ng::loop_one_short, "i + 1 < W.n_elem"},
        {&m::numeric_gradient_loop_misses_entries, Ng::loop_from_one, "i = 1"},
        {&m::numeric_gradient_entry_set_to_h, Ng::set_to_h, "at(i) = h"},
        {&m::numeric_gradient_g_started_as_w, Ng::starts_as_w, "G = W, G(i) +="},
        {&m::numeric_gradient_kept_in_float, Ng::losses_in_float, "float up, down"},
        {&m::numeric_gradient_kept_in_float, Ng::entry_in_float, "float G(i)"}};
    // a step of another size, divided by 2h all the same (the detail says which)
    const std::vector<std::tuple<Ng, const char*, const char*>> steps = {
        {Ng::half_step, "W(i) +- h / 2",
         "h / 2 up and h / 2 down, a span of h, yet the difference was divided by 2h, so G came out half the gradient"},
        {Ng::double_step, "W(i) +- 2h",
         "2h up and 2h down (2 * h added and subtracted), a span of 4h, yet the difference was divided by 2h: the "
         "nudge and the divisor disagree, so G came out twice the gradient"},
        {Ng::relative_step, "W(i) (1 +- h)",
         "h times its own value (W(i) * (1 + h) and W(i) * (1 - h)), a span of 2h |W(i)|, yet the difference was "
         "divided by 2h, so G(i) came out about W(i) times the gradient"},
        {Ng::relative_central, "W(i) +- h |W(i)|, over 2h |W(i)|",
         "h times its own size, h |W(i)| (a relative step), and divided by the 2h |W(i)| between the two points: the "
         "contract's step is h itself, the same for every entry (and an entry of 0 would not move at all: 0 / 0)"}};
    // one entry moved and another written
    const std::vector<std::tuple<Ng, const char*, const char*>> indices = {
        {Ng::written_transposed, "G(c, r)", "W(r, c) was moved but G(c, r) was written (the transposed index)"},
        {Ng::moved_row_major, "W(r * n_cols + c)",
         "the single index r * W.n_cols + c (row after row) was moved, but Armadillo numbers the entries column "
         "after column, so that is not W(r, c), whose G(r, c) was written"},
        {Ng::written_row_major, "G(r * n_cols + c)",
         "W(r, c) was moved but G(r * W.n_cols + c) was written, and Armadillo numbers the entries column after "
         "column, so that is not G(r, c)"}};
    for (const auto& [input, f, W, h] : inputs) {
        const F loss = f;
        const arma::mat w = W;
        const double step = h;
        Probe& p = d.probe(input, [loss, w, step] { return result("G", attn::numeric_gradient(loss, w, step)); },
                           result("G", differences_by_loops(loss, w, step)));
        for (const auto& [mistake, way, how] : slips)
            p.variant(*mistake, result("G", differences_by_loops(loss, w, step, way))).labelled(how);
        for (const auto& [way, how, detail] : steps)
            p.variant(m::numeric_gradient_step_not_h, result("G", differences_by_loops(loss, w, step, way)), detail)
                .labelled(how);
        p.variant_fitting(m::numeric_gradient_step_not_h, result("G", differences_by_loops(loss, w, 1e-5)),
                          any_fixed_step(loss, w, step),
                          "a step fixed in the code instead of the h passed in (h only checked), so G does not follow h")
            .labelled("a step of its own");
        for (const auto& [way, how, detail] : indices)
            p.variant(m::numeric_gradient_entry_and_index_differ, result("G", differences_by_loops(loss, w, step, way)),
                      detail)
                .labelled(how);
        // G flattened like a parameter vector: one column (or one row) of W.n_elem entries,
        // in Armadillo's order (column after column) or row after row
        const arma::mat right = differences_by_loops(loss, w, step);
        const arma::mat by_columns = arma::vectorise(right), by_rows = arma::vectorise(arma::mat(right.t()));
        const std::vector<std::pair<arma::mat, const char*>> flat = {{by_columns, "G(W.n_elem, 1), G(i)"},
                                                                     {by_rows, "G(W.n_elem, 1), G(r * n_cols + c)"},
                                                                     {by_columns.t(), "G(1, W.n_elem), G(i)"},
                                                                     {by_rows.t(), "G(1, W.n_elem), G(r * n_cols + c)"}};
        for (const auto& [flattened, how] : flat) p.variant(m::numeric_gradient_flattened, result("G", flattened)).labelled(how);
        p.quantity("2h", 2 * step);
    }
    return d;
}

// ==================================================================== Adam
// One step, entry by entry, right or with the slips a learner makes: a beta in the
// other's place, a new gradient entering with weight 1, v of g (or of the matrix product
// g g), a correction with another power (t - 1, t + 1, none, 1 - beta, (1 - beta)^t)
// or left off m or v, corrected values kept as the state, W stepped before m and v
// are updated, epsilon inside the root, outside the division, left out or against the
// uncorrected v, no square root, the raw gradient for m_hat, the step taken uphill,
// and a result not written back.
enum class Power { t, t_minus_one, t_plus_one, none, without_power, misplaced, multiplied, times_t };
enum class Eps { after_sqrt, inside_sqrt, outside_division, none, before_correction };
struct AdamWay {
    bool m_with_beta2 = false, v_with_beta1 = false;    // in the running averages
    bool c1_with_beta2 = false, c2_with_beta1 = false;  // in their corrections
    bool m_new_with_beta2 = false, v_new_with_beta1 = false;  // only in the new term's weight, 1 - beta
    bool m_full_weight = false, v_full_weight = false;
    bool m_weights_traded = false, v_weights_traded = false;  // (1 - beta) on the old average, beta on the new
    bool v_corrected_outside_sqrt = false;                     // sqrt(v) / (1 - beta2^t)
    bool v_of_gradient = false, v_matrix_product = false;
    bool v_of_m_squared = false, v_of_old_m_squared = false;  // v averages m^2 (the new m, or the old)
    double own_epsilon = 0;                                   // a constant of the code's own for c.epsilon
    Power power_m = Power::t, power_v = Power::t;  // in m's correction and in v's
    bool correct_m = true, correct_v = true;
    bool store_corrected = false;
    bool step_before_moments = false;
    Eps eps = Eps::after_sqrt;
    bool no_sqrt = false;
    bool raw_gradient = false;
    double direction = -1;
    bool keep_W = true, keep_moments = true;
    bool m_lost = false, v_lost = false;    // one moment updated in a local copy (arma::mat mm = m)
    bool reset_m = false, reset_v = false;  // m or v set to 0 at the start of every call
    bool root_of_size = false;              // sqrt(abs(v_hat)): a root kept real by hand
};

struct AdamState {
    arma::mat W, m, v;
};

void adam_by_loops(AdamState& s, const arma::mat& g, long t, double lr, const attn::AdamConstants& c, const AdamWay& w) {
    const double b1 = w.m_with_beta2 ? c.beta2 : c.beta1, b2 = w.v_with_beta1 ? c.beta1 : c.beta2;
    const double cb1 = w.c1_with_beta2 ? c.beta2 : c.beta1, cb2 = w.c2_with_beta1 ? c.beta1 : c.beta2;
    const double tt = static_cast<double>(t);
    auto correction = [&](double beta, Power power) {
        switch (power) {
            case Power::t: return 1.0 - std::pow(beta, tt);
            case Power::t_minus_one: return 1.0 - std::pow(beta, tt - 1);
            case Power::t_plus_one: return 1.0 - std::pow(beta, tt + 1);
            case Power::none: return 1.0;
            case Power::without_power: return 1.0 - beta;
            case Power::misplaced: return std::pow(1.0 - beta, tt);
            case Power::multiplied: return 1.0 / (1.0 - std::pow(beta, tt));  // m * (1 - beta^t)
            case Power::times_t: return 1.0 - beta * tt;
        }
        return 1.0;
    };
    const double c1 = w.correct_m ? correction(cb1, w.power_m) : 1.0, c2 = w.correct_v ? correction(cb2, w.power_v) : 1.0;
    const double eps = w.own_epsilon != 0 ? w.own_epsilon : c.epsilon;
    arma::mat sq(arma::size(g));
    for (arma::uword i = 0; i < g.n_elem; ++i) sq(i) = w.v_of_gradient ? g(i) : g(i) * g(i);
    if (w.v_matrix_product) sq = product_by_loops(g, g);
    AdamState next = s;
    for (arma::uword i = 0; i < s.W.n_elem; ++i) {
        const double old_m = w.reset_m ? 0.0 : s.m(i), old_v = w.reset_v ? 0.0 : s.v(i);
        const double n1 = w.m_new_with_beta2 ? c.beta2 : b1, n2 = w.v_new_with_beta1 ? c.beta1 : b2;
        const double m_i = w.m_weights_traded ? (1.0 - b1) * old_m + b1 * g(i)
                                              : b1 * old_m + (w.m_full_weight ? 1.0 : 1.0 - n1) * g(i);
        const double sq_i = w.v_of_m_squared ? m_i * m_i : w.v_of_old_m_squared ? old_m * old_m : sq(i);
        const double v_i = w.v_weights_traded ? (1.0 - b2) * old_v + b2 * sq_i
                                              : b2 * old_v + (w.v_full_weight ? 1.0 : 1.0 - n2) * sq_i;
        const double mm = w.step_before_moments ? old_m : m_i, vv = w.step_before_moments ? old_v : v_i;
        const double m_hat = mm / c1, v_hat = vv / c2;
        const double top = w.raw_gradient ? g(i) : m_hat;
        const double root = w.no_sqrt                    ? v_hat
                            : w.v_corrected_outside_sqrt ? std::sqrt(vv) / c2
                                                         : std::sqrt(w.root_of_size ? std::abs(v_hat) : v_hat);
        double step = lr * top / (root + eps);
        if (w.eps == Eps::inside_sqrt) step = lr * top / std::sqrt(v_hat + eps);
        if (w.eps == Eps::outside_division) step = lr * top / root + eps;
        if (w.eps == Eps::none) step = lr * top / root;
        if (w.eps == Eps::before_correction) step = lr * std::sqrt(c2) / c1 * mm / (std::sqrt(vv) + eps);
        next.W(i) = s.W(i) + w.direction * step;
        next.m(i) = w.store_corrected ? m_i / c1 : m_i;
        next.v(i) = w.store_corrected ? v_i / c2 : v_i;
    }
    if (w.keep_W) s.W = next.W;
    if (w.keep_moments && !w.m_lost) s.m = next.m;
    if (w.keep_moments && !w.v_lost) s.v = next.v;
}

struct AdamCase {
    std::string input;
    arma::mat W0;
    std::vector<arma::mat> grads;
    double lr;
    attn::AdamConstants c;
};

Result adam_result(const AdamState& s) { return result("W", s.W).add("m", s.m).add("v", s.v); }

AdamState adam_run_by_loops(const AdamCase& a, const AdamWay& w = {}) {
    AdamState s{a.W0, arma::zeros(arma::size(a.W0)), arma::zeros(arma::size(a.W0))};
    for (std::size_t k = 0; k < a.grads.size(); ++k) adam_by_loops(s, a.grads[k], static_cast<long>(k) + 1, a.lr, a.c, w);
    return s;
}
// The learner's adam_step from m = v = 0, at t = 1, 2, ...
AdamState adam_run(const AdamCase& a) {
    AdamState s{a.W0, arma::zeros(arma::size(a.W0)), arma::zeros(arma::size(a.W0))};
    for (std::size_t k = 0; k < a.grads.size(); ++k)
        attn::adam_step(s.W, a.grads[k], s.m, s.v, static_cast<long>(k) + 1, a.lr, a.c);
    return s;
}

std::vector<arma::mat> gradients(arma::uword rows, arma::uword cols, int steps, double size, int seed) {
    arma::arma_rng::set_seed(seed);
    std::vector<arma::mat> g;
    for (int k = 0; k < steps; ++k) g.push_back(arma::randn(rows, cols) * size);
    return g;
}

// 2x3, four steps of gradients of about 1 (the default constants); 3x2, three steps of
// gradients of about 0.01 with epsilon 0.01 (where epsilon goes shows); 1x4, one step of
// gradients from 1e-3 to 1e4 (each entry moves by the rate); 3x3 with other betas, three
// steps in which entry (1, 2) never gets a gradient (0 / 0 without epsilon).
std::vector<AdamCase> adam_cases() {
    std::vector<arma::mat> never = gradients(3, 3, 3, 1.0, 124);
    for (arma::mat& g : never) g(1, 2) = 0.0;
    arma::arma_rng::set_seed(123);
    const arma::mat W4 = arma::randn(3, 3);
    return {{"a 2x3 W, four steps of gradients of about 1", {{0.5, -1.0, 2.0}, {0.0, 1.5, -0.25}},
             gradients(2, 3, 4, 1.0, 121), 0.01, attn::AdamConstants{}},
            {"a 3x2 W, three steps of gradients of about 0.01, epsilon 0.01", {{1.0, 2.0}, {-1.0, 0.5}, {0.25, -2.0}},
             gradients(3, 2, 3, 0.01, 122), 0.05, attn::AdamConstants{0.9, 0.98, 1e-2}},
            {"a 1x4 W, one step of gradients 1e-3, -1, 100, -1e4", arma::mat(1, 4, arma::fill::zeros),
             {arma::mat{{1e-3, -1.0, 1e2, -1e4}}}, 0.01, attn::AdamConstants{}},
            {"a 3x3 W, three steps, beta1 0.8, beta2 0.95, entry (1, 2) never given a gradient", W4, never, 0.1,
             attn::AdamConstants{0.8, 0.95, 1e-8}}};
}

// The fields of a way, flattened: which of them a slip changes.
std::vector<double> fields(const AdamWay& w) {
    return {double(w.m_with_beta2), double(w.v_with_beta1), double(w.c1_with_beta2), double(w.c2_with_beta1),
            double(w.m_full_weight), double(w.v_full_weight), double(w.v_of_gradient), double(w.v_matrix_product),
            double(w.power_m), double(w.power_v), double(w.correct_m), double(w.correct_v), double(w.store_corrected),
            double(w.step_before_moments), double(w.eps), double(w.no_sqrt), double(w.raw_gradient), w.direction,
            double(w.keep_W), double(w.keep_moments), double(w.m_weights_traded), double(w.v_weights_traded),
            double(w.v_corrected_outside_sqrt), double(w.v_of_m_squared), double(w.v_of_old_m_squared), w.own_epsilon,
            double(w.reset_m), double(w.reset_v), double(w.m_lost), double(w.v_lost), double(w.root_of_size)};
}

struct AdamSlip {
    const Mistake* mistake;
    std::function<void(AdamWay&)> set;
    std::string how;
    AdamWay way() const {
        AdamWay w;
        set(w);
        return w;
    }
};
// Two slips made together, when they touch different fields of the formula.
bool combinable(const AdamSlip& a, const AdamSlip& b) {
    const std::vector<double> none = fields(AdamWay{}), fa = fields(a.way()), fb = fields(b.way());
    for (std::size_t k = 0; k < none.size(); ++k)
        if (fa[k] != none[k] && fb[k] != none[k]) return false;
    return a.mistake != b.mistake;
}
std::vector<AdamSlip> adam_slips() {
    std::vector<AdamSlip> s;
    auto add = [&](const Mistake& mk, const char* how, const std::function<void(AdamWay&)>& set) {
        s.push_back({&mk, set, how});
    };
    add(m::adam_without_bias_correction, "no correction", [](AdamWay& w) { w.power_m = w.power_v = Power::none; });
    // another power in both corrections, or in one of them only
    const std::vector<std::tuple<const Mistake*, Power, std::string>> powers = {
        {&m::adam_bias_correction_without_power, Power::without_power, "1 - beta"},
        {&m::adam_bias_correction_t_minus_one, Power::t_minus_one, "beta^(t - 1)"},
        {&m::adam_bias_correction_t_plus_one, Power::t_plus_one, "beta^(t + 1)"},
        {&m::adam_bias_correction_power_misplaced, Power::misplaced, "(1 - beta)^t"},
        {&m::adam_bias_correction_multiplies, Power::multiplied, "* (1 - beta^t)"},
        {&m::adam_bias_correction_beta_times_t, Power::times_t, "1 - beta * t"}};
    for (const auto& [mistake, power, how] : powers) {
        const Power pw = power;
        s.push_back({mistake, [pw](AdamWay& w) { w.power_m = w.power_v = pw; }, how});
        s.push_back({mistake, [pw](AdamWay& w) { w.power_m = pw; }, how + " for m"});
        s.push_back({mistake, [pw](AdamWay& w) { w.power_v = pw; }, how + " for v"});
    }
    add(m::adam_m_not_corrected, "m", [](AdamWay& w) { w.correct_m = false; });
    add(m::adam_v_not_corrected, "v", [](AdamWay& w) { w.correct_v = false; });
    add(m::adam_epsilon_inside_sqrt, "sqrt(v_hat + eps)", [](AdamWay& w) { w.eps = Eps::inside_sqrt; });
    add(m::adam_epsilon_outside_division, "/ sqrt(v_hat) + eps", [](AdamWay& w) { w.eps = Eps::outside_division; });
    add(m::adam_without_epsilon, "/ sqrt(v_hat)", [](AdamWay& w) { w.eps = Eps::none; });
    add(m::adam_epsilon_before_correction, "the efficient form", [](AdamWay& w) { w.eps = Eps::before_correction; });
    add(m::adam_missing_sqrt, "/ (v_hat + eps)", [](AdamWay& w) { w.no_sqrt = true; });
    add(m::adam_v_without_square, "v of g", [](AdamWay& w) { w.v_of_gradient = true; });
    // the NaN it gives kept away by hand: the root of v_hat's size
    add(m::adam_v_without_square, "v of g, sqrt(abs(v_hat))", [](AdamWay& w) {
        w.v_of_gradient = true;
        w.root_of_size = true;
    });
    add(m::adam_v_of_m_squared, "v of the new m^2", [](AdamWay& w) { w.v_of_m_squared = true; });
    add(m::adam_v_of_m_squared, "v of the old m^2", [](AdamWay& w) { w.v_of_old_m_squared = true; });
    add(m::adam_step_ascends, "W +=", [](AdamWay& w) { w.direction = 1; });
    add(m::adam_mean_without_one_minus_beta, "m", [](AdamWay& w) { w.m_full_weight = true; });
    add(m::adam_mean_without_one_minus_beta, "v", [](AdamWay& w) { w.v_full_weight = true; });
    add(m::adam_mean_without_one_minus_beta, "m and v", [](AdamWay& w) { w.m_full_weight = w.v_full_weight = true; });
    add(m::adam_betas_swapped, "in the averages", [](AdamWay& w) { w.m_with_beta2 = w.v_with_beta1 = true; });
    add(m::adam_betas_swapped, "in the corrections", [](AdamWay& w) { w.c1_with_beta2 = w.c2_with_beta1 = true; });
    add(m::adam_betas_swapped, "everywhere",
        [](AdamWay& w) { w.m_with_beta2 = w.v_with_beta1 = w.c1_with_beta2 = w.c2_with_beta1 = true; });
    add(m::adam_betas_swapped, "beta2 in m's average", [](AdamWay& w) { w.m_with_beta2 = true; });
    add(m::adam_betas_swapped, "beta1 in v's average", [](AdamWay& w) { w.v_with_beta1 = true; });
    add(m::adam_betas_swapped, "beta2 in m's correction", [](AdamWay& w) { w.c1_with_beta2 = true; });
    add(m::adam_betas_swapped, "beta1 in v's correction", [](AdamWay& w) { w.c2_with_beta1 = true; });
    add(m::adam_betas_swapped, "1 - beta2 for m's new term", [](AdamWay& w) { w.m_new_with_beta2 = true; });
    add(m::adam_betas_swapped, "1 - beta1 for v's new term", [](AdamWay& w) { w.v_new_with_beta1 = true; });
    add(m::adam_average_weights_traded, "m and v", [](AdamWay& w) { w.m_weights_traded = w.v_weights_traded = true; });
    add(m::adam_average_weights_traded, "m", [](AdamWay& w) { w.m_weights_traded = true; });
    add(m::adam_average_weights_traded, "v", [](AdamWay& w) { w.v_weights_traded = true; });
    add(m::adam_v_corrected_outside_sqrt, "sqrt(v) / (1 - beta2^t)", [](AdamWay& w) { w.v_corrected_outside_sqrt = true; });
    add(m::adam_moments_updated_after_step, "W first", [](AdamWay& w) { w.step_before_moments = true; });
    add(m::adam_corrected_moments_stored, "m /= 1 - beta1^t", [](AdamWay& w) { w.store_corrected = true; });
    add(m::adam_step_uses_raw_gradient, "lr g / ...", [](AdamWay& w) { w.raw_gradient = true; });
    add(m::adam_state_not_written_back, "W", [](AdamWay& w) { w.keep_W = false; });
    add(m::adam_state_not_written_back, "m and v", [](AdamWay& w) { w.keep_moments = false; });
    add(m::adam_state_not_written_back, "m", [](AdamWay& w) { w.m_lost = true; });
    add(m::adam_state_not_written_back, "v", [](AdamWay& w) { w.v_lost = true; });
    add(m::adam_moments_reset_each_call, "m and v", [](AdamWay& w) { w.reset_m = w.reset_v = true; });
    add(m::adam_moments_reset_each_call, "m", [](AdamWay& w) { w.reset_m = true; });
    add(m::adam_moments_reset_each_call, "v", [](AdamWay& w) { w.reset_v = true; });
    return s;
}

Diagnosis adam_step_diagnosis() {
    Diagnosis d("adam_step");
    const std::vector<AdamCase> cases = adam_cases();
    const std::vector<AdamSlip> slips = adam_slips();
    std::vector<Probe*> probes;
    for (const AdamCase& a : cases) {
        Probe& p = d.probe(a.input, [a] { return adam_result(adam_run(a)); }, adam_result(adam_run_by_loops(a)));
        probes.push_back(&p);
        for (const AdamSlip& s : slips) p.variant(*s.mistake, adam_result(adam_run_by_loops(a, s.way()))).labelled(s.how);
        // a constant of the code's own for epsilon, made alone (with another slip of the
        // denominator it gives what that slip alone gives, near enough)
        for (const double e : {1e-8, 1e-9, 1e-7, 1e-6, 1e-10, 1e-12}) {
            AdamWay w;
            w.own_epsilon = e;
            std::ostringstream how;
            how << e;
            p.variant(m::adam_epsilon_of_its_own, adam_result(adam_run_by_loops(a, w))).labelled(how.str());
        }
        if (a.W0.n_rows == a.W0.n_cols) {
            AdamWay w;
            w.v_matrix_product = true;
            p.variant(m::adam_square_by_matrix_product, adam_result(adam_run_by_loops(a, w))).labelled("grad * grad");
        } else {
            p.variant(m::adam_square_by_matrix_product, Result::throws(Threw::armadillo_size, "multiplication"))
                .labelled("grad * grad");
        }
    }
    // two slips at once, where they touch different parts of the formula
    std::vector<Combination> combos;
    for (std::size_t i = 0; i < slips.size(); ++i)
        for (std::size_t j = i + 1; j < slips.size(); ++j) {
            if (!combinable(slips[i], slips[j])) continue;
            AdamWay w = slips[i].way();
            slips[j].set(w);
            Combination c{slips[i].mistake, slips[i].how + " with " + slips[j].how, {}, {}};
            for (const AdamCase& a : cases) c.per_probe.push_back(adam_result(adam_run_by_loops(a, w)));
            combos.push_back(c);
        }
    declare_combinations(probes, combos);
    return d;
}

// ==================================================================== the schedule
// lr(t) = peak min(t / warmup, sqrt(warmup / t)), right or with a slip.
enum class Lr { right, max, no_decay, t_minus_one, t_minus_one_rise, integer_both, integer_rise, integer_decay,
                decay_inverted, decay_without_warmup, without_warmup_min, decay_only, decay_one_over_t, paper_unscaled,
                t_and_warmup_swapped, decay_root_of_warmup_only, peak_on_rise_only, peak_on_decay_only, product,
                rise_one_early, decay_restarted, decay_restarted_from_zero, rise_undivided, rise_from_zero_to_peak,
                integer_ratio_both, integer_ratio_decay };

// The schedule written as two branches, if (t <= warmup) the rise, else the decay (or
// t < warmup, `inclusive` false), with the terms of a way that changes one of them.
double rate_by_branches(long t, double peak, long warmup, Lr way, bool inclusive) {
    const double s = static_cast<double>(t), w = static_cast<double>(warmup);
    double rise = peak * s / w, decay = peak * std::sqrt(w / s);
    switch (way) {
        case Lr::no_decay: decay = peak; break;
        case Lr::t_minus_one_rise: rise = peak * (s - 1) / w; break;
        // a rise from 0 at t = 1 to the peak at t = warmup: 0 / 0 for a warm-up of 1
        case Lr::rise_from_zero_to_peak: rise = peak * (s - 1) / (w - 1); break;
        case Lr::integer_rise: rise = peak * static_cast<double>(t / warmup); break;
        case Lr::integer_decay: decay = peak * std::sqrt(static_cast<double>(warmup / t)); break;
        case Lr::integer_both:
            rise = peak * static_cast<double>(t / warmup), decay = peak * std::sqrt(static_cast<double>(warmup / t));
            break;
        // one ratio t / warmup for both branches, the decay as peak / sqrt(ratio), in integers
        case Lr::integer_ratio_both:
            rise = peak * static_cast<double>(t / warmup), decay = peak / std::sqrt(static_cast<double>(t / warmup));
            break;
        case Lr::integer_ratio_decay: decay = peak / std::sqrt(static_cast<double>(t / warmup)); break;
        case Lr::decay_inverted: decay = peak * std::sqrt(s / w); break;
        case Lr::decay_without_warmup: decay = peak / std::sqrt(s); break;
        case Lr::decay_one_over_t: decay = peak * w / s; break;
        case Lr::decay_root_of_warmup_only: decay = peak * std::sqrt(w) / s; break;
        case Lr::peak_on_rise_only: decay = std::sqrt(w / s); break;
        case Lr::peak_on_decay_only: rise = s / w; break;
        case Lr::rise_one_early: rise = peak * (s + 1) / w; break;
        case Lr::rise_undivided: rise = peak * s; break;
        case Lr::decay_restarted: decay = peak / std::sqrt(s - w + 1); break;
        case Lr::decay_restarted_from_zero: decay = peak / std::sqrt(s - w); break;
        default: break;
    }
    return (inclusive ? t <= warmup : t < warmup) ? rise : decay;
}

double rate_by_formula(long t, double peak, long warmup, Lr way = Lr::right) {
    const double s = static_cast<double>(t), w = static_cast<double>(warmup);
    switch (way) {
        case Lr::right: return peak * std::min(s / w, std::sqrt(w / s));
        case Lr::max: return peak * std::max(s / w, std::sqrt(w / s));
        case Lr::no_decay: return peak * std::min(s / w, 1.0);
        case Lr::t_minus_one: return peak * std::min((s - 1) / w, std::sqrt(w / (s - 1)));
        case Lr::t_minus_one_rise: return peak * std::min((s - 1) / w, std::sqrt(w / s));
        case Lr::integer_both:
            return peak * std::min(static_cast<double>(t / warmup), std::sqrt(static_cast<double>(warmup / t)));
        case Lr::integer_rise: return peak * std::min(static_cast<double>(t / warmup), std::sqrt(w / s));
        case Lr::integer_decay: return peak * std::min(s / w, std::sqrt(static_cast<double>(warmup / t)));
        case Lr::decay_inverted: return peak * std::min(s / w, std::sqrt(s / w));
        case Lr::decay_without_warmup: return peak * std::min(s / w, 1.0 / std::sqrt(s));
        case Lr::without_warmup_min: return peak * std::min(1.0, std::sqrt(w / s));
        case Lr::decay_only: return peak * std::sqrt(w / s);
        case Lr::decay_one_over_t: return peak * std::min(s / w, w / s);
        case Lr::paper_unscaled: return peak * std::min(std::pow(s, -0.5), s * std::pow(w, -1.5));
        case Lr::t_and_warmup_swapped: return peak * std::min(w / s, std::sqrt(s / w));
        case Lr::decay_root_of_warmup_only: return peak * std::min(s / w, std::sqrt(w) / s);
        case Lr::peak_on_rise_only: return std::min(peak * s / w, std::sqrt(w / s));
        case Lr::peak_on_decay_only: return std::min(s / w, peak * std::sqrt(w / s));
        case Lr::product: return peak * (s / w) * std::sqrt(w / s);
        case Lr::rise_one_early: return peak * std::min((s + 1) / w, std::sqrt(w / s));
        case Lr::rise_undivided: return peak * std::min(s, std::sqrt(w / s));
        default: break;
    }
    return rate_by_branches(t, peak, warmup, way, true);
}

struct LrInput {
    std::string input;
    std::vector<long> steps;
    double peak;
    long warmup;
};
std::vector<long> steps_from(long first, long last) {
    std::vector<long> s;
    for (long t = first; t <= last; ++t) s.push_back(t);
    return s;
}
// Whole runs of steps as one row, so that a schedule one step early or late, or
// scaled, shows as such; peaks and warm-ups whose ratios and roots all differ.
std::vector<LrInput> learning_rate_inputs() {
    return {{"steps 1 to 40, peak 0.5, warm-up 8", steps_from(1, 40), 0.5, 8},
            {"steps 1 to 12, peak 3, warm-up 2", steps_from(1, 12), 3.0, 2},
            {"steps 90 to 120, peak 1.5, warm-up 100", steps_from(90, 120), 1.5, 100},
            // the shortest warm-up the contract allows: the peak at step 1, then the decay alone
            {"steps 1 to 9, peak 2, warm-up 1", steps_from(1, 9), 2.0, 1}};
}

arma::rowvec rates_by_formula(const LrInput& in, Lr way = Lr::right) {
    arma::rowvec r(in.steps.size());
    for (std::size_t k = 0; k < in.steps.size(); ++k) r(k) = rate_by_formula(in.steps[k], in.peak, in.warmup, way);
    return r;
}
arma::rowvec rates_by_branches(const LrInput& in, Lr way, bool inclusive) {
    arma::rowvec r(in.steps.size());
    for (std::size_t k = 0; k < in.steps.size(); ++k)
        r(k) = rate_by_branches(in.steps[k], in.peak, in.warmup, way, inclusive);
    return r;
}
// Which rates decay exponentially after the warm-up, whatever the constant: the rise
// right, then each step's rate the one before it times the same factor below 1.
std::function<bool(const Result&)> exponential_after_warmup(const LrInput& in) {
    const arma::rowvec right = rates_by_formula(in);
    return [in, right](const Result& got) {
        const Part* lr = got.part("lr");
        if (got.threw != Threw::nothing || !lr || lr->value.n_elem != right.n_elem) return false;
        std::vector<double> after;
        for (std::size_t k = 0; k < in.steps.size(); ++k) {
            if (in.steps[k] <= in.warmup && !agree(lr->value(k), right(k))) return false;
            if (in.steps[k] >= in.warmup) after.push_back(lr->value(k));
        }
        if (after.size() < 4 || !(after[1] > 0)) return false;
        const double ratio = after[2] / after[1];
        if (!(ratio > 0 && ratio < 1)) return false;
        for (std::size_t k = 2; k < after.size(); ++k)
            if (!agree(after[k], after[k - 1] * ratio, 1e-9)) return false;
        return !agree(lr->value, right);
    };
}

// Which rates fall as another power of warmup / t after the warm-up, whatever the power
// (1 / t, (warmup / t)^1.5, ...): the rise right, then peak (warmup / t)^p for one p > 0
// other than 0.5.
std::function<bool(const Result&)> power_decay_after_warmup(const LrInput& in) {
    const arma::rowvec right = rates_by_formula(in);
    return [in, right](const Result& got) {
        const Part* lr = got.part("lr");
        if (got.threw != Threw::nothing || !lr || lr->value.n_elem != right.n_elem) return false;
        double power = NAN;
        int after = 0;
        for (std::size_t k = 0; k < in.steps.size(); ++k) {
            const double ratio = static_cast<double>(in.warmup) / static_cast<double>(in.steps[k]);
            if (in.steps[k] <= in.warmup) {
                if (!agree(lr->value(k), right(k))) return false;
                continue;
            }
            if (std::isnan(power)) power = std::log(lr->value(k) / in.peak) / std::log(ratio);
            if (!std::isfinite(power) || !(power > 0.01) || std::abs(power - 0.5) < 1e-6) return false;
            if (!agree(lr->value(k), in.peak * std::pow(ratio, power), 1e-9)) return false;
            ++after;
        }
        return after >= 2;
    };
}

// A run of steps as one row, each entry told by its step's number ("step 3" is t = 3).
Axes steps_of(const LrInput& in) {
    Axes a = entries("step");
    a.cols_from = static_cast<arma::uword>(in.steps.front());
    return a;
}

Diagnosis learning_rate_diagnosis() {
    Diagnosis d("learning_rate");
    const std::vector<std::tuple<const Mistake*, Lr, const char*>> slips = {
        {&m::learning_rate_max_instead_of_min, Lr::max, "std::max"},
        {&m::learning_rate_warmup_without_decay, Lr::no_decay, "min(t / warmup, 1)"},
        {&m::learning_rate_counts_from_zero, Lr::t_minus_one, "t - 1"},
        {&m::learning_rate_counts_from_zero, Lr::t_minus_one_rise, "(t - 1) / warmup"},
        {&m::learning_rate_integer_division, Lr::integer_both, "both"},
        {&m::learning_rate_integer_division, Lr::integer_rise, "t / warmup"},
        {&m::learning_rate_integer_division, Lr::integer_decay, "warmup / t"},
        {&m::learning_rate_decay_inverted, Lr::decay_inverted, "sqrt(t / warmup)"},
        {&m::learning_rate_decay_without_warmup, Lr::decay_without_warmup, "1 / sqrt(t)"},
        {&m::learning_rate_without_warmup, Lr::without_warmup_min, "min(1, sqrt(warmup / t))"},
        {&m::learning_rate_without_warmup, Lr::decay_only, "sqrt(warmup / t)"},
        {&m::learning_rate_decay_not_square_root, Lr::decay_one_over_t, "warmup / t"},
        {&m::learning_rate_decay_not_square_root, Lr::decay_root_of_warmup_only, "sqrt(warmup) / t"},
        {&m::learning_rate_paper_formula_unscaled, Lr::paper_unscaled, "min(t^-0.5, t warmup^-1.5)"},
        {&m::learning_rate_t_and_warmup_swapped, Lr::t_and_warmup_swapped, "min(warmup / t, sqrt(t / warmup))"},
        {&m::learning_rate_peak_on_one_term, Lr::peak_on_rise_only, "min(peak t / warmup, sqrt(warmup / t))"},
        {&m::learning_rate_peak_on_one_term, Lr::peak_on_decay_only, "min(t / warmup, peak sqrt(warmup / t))"},
        {&m::learning_rate_product_not_min, Lr::product, "peak (t / warmup) sqrt(warmup / t)"},
        {&m::learning_rate_rise_one_step_early, Lr::rise_one_early, "(t + 1) / warmup"},
        {&m::learning_rate_rise_not_over_warmup, Lr::rise_undivided, "min(t, sqrt(warmup / t))"}};
    // the same slips written as two branches, if (t <= warmup) or if (t < warmup), where
    // they change one branch (and a decay that starts afresh after the warm-up, which only
    // branches can write)
    const std::vector<std::tuple<const Mistake*, Lr, const char*>> branched = {
        {&m::learning_rate_counts_from_zero, Lr::t_minus_one_rise, "(t - 1) / warmup"},
        {&m::learning_rate_counts_from_zero, Lr::rise_from_zero_to_peak, "(t - 1) / (warmup - 1)"},
        {&m::learning_rate_integer_division, Lr::integer_both, "both"},
        {&m::learning_rate_integer_division, Lr::integer_rise, "t / warmup"},
        {&m::learning_rate_integer_division, Lr::integer_decay, "warmup / t"},
        {&m::learning_rate_integer_division, Lr::integer_ratio_both, "one ratio t / warmup, the decay peak / sqrt(ratio)"},
        {&m::learning_rate_integer_division, Lr::integer_ratio_decay, "the decay peak / sqrt(t / warmup)"},
        {&m::learning_rate_decay_inverted, Lr::decay_inverted, "sqrt(t / warmup)"},
        {&m::learning_rate_decay_without_warmup, Lr::decay_without_warmup, "1 / sqrt(t)"},
        {&m::learning_rate_decay_not_square_root, Lr::decay_one_over_t, "warmup / t"},
        {&m::learning_rate_decay_not_square_root, Lr::decay_root_of_warmup_only, "sqrt(warmup) / t"},
        {&m::learning_rate_peak_on_one_term, Lr::peak_on_rise_only, "peak t / warmup, else sqrt(warmup / t)"},
        {&m::learning_rate_peak_on_one_term, Lr::peak_on_decay_only, "t / warmup, else peak sqrt(warmup / t)"},
        {&m::learning_rate_rise_one_step_early, Lr::rise_one_early, "(t + 1) / warmup"},
        {&m::learning_rate_rise_not_over_warmup, Lr::rise_undivided, "peak t, else sqrt(warmup / t)"},
        {&m::learning_rate_decay_restarted, Lr::decay_restarted, "1 / sqrt(t - warmup + 1)"}};
    for (const LrInput& in : learning_rate_inputs()) {
        const LrInput at = in;
        Probe& p = d.probe(in.input,
                           [at] {
                               arma::rowvec got(at.steps.size());
                               for (std::size_t k = 0; k < at.steps.size(); ++k)
                                   got(k) = attn::learning_rate(at.steps[k], at.peak, at.warmup);
                               return result("lr", got, steps_of(at));
                           },
                           result("lr", rates_by_formula(in), steps_of(in)));
        for (const auto& [mistake, way, how] : slips)
            p.variant(*mistake, result("lr", rates_by_formula(in, way), steps_of(in))).labelled(how);
        for (const auto& [mistake, way, how] : branched) {
            p.variant(*mistake, result("lr", rates_by_branches(in, way, true), steps_of(in)))
                .labelled(std::string("if (t <= warmup): ") + how);
            p.variant(*mistake, result("lr", rates_by_branches(in, way, false), steps_of(in)))
                .labelled(std::string("if (t < warmup): ") + how);
        }
        p.variant(m::learning_rate_decay_restarted,
                  result("lr", rates_by_branches(in, Lr::decay_restarted_from_zero, true), steps_of(in)))
            .labelled("if (t <= warmup): 1 / sqrt(t - warmup)");
        arma::rowvec exponential = rates_by_formula(in);
        for (std::size_t k = 0; k < in.steps.size(); ++k)
            if (in.steps[k] > in.warmup)
                exponential(k) = in.peak * std::exp(-static_cast<double>(in.steps[k] - in.warmup) / static_cast<double>(in.warmup));
        p.variant_fitting(m::learning_rate_decay_exponential, result("lr", exponential, steps_of(in)),
                          exponential_after_warmup(in))
            .labelled("peak exp(-(t - warmup) / warmup)");
        arma::rowvec power = rates_by_formula(in);
        for (std::size_t k = 0; k < in.steps.size(); ++k)
            if (in.steps[k] > in.warmup)
                power(k) = in.peak * std::pow(static_cast<double>(in.warmup) / static_cast<double>(in.steps[k]), 1.5);
        p.variant_fitting(m::learning_rate_decay_not_square_root, result("lr", power, steps_of(in)),
                          power_decay_after_warmup(in))
            .labelled("peak (warmup / t)^p, p other than 0.5");
        p.quantity("peak", in.peak).quantity("warmup", static_cast<double>(in.warmup));
    }
    return d;
}

}  // namespace

// ==================================================================== softmax_rows_backward
BOOST_AUTO_TEST_SUITE(softmax_rows_backward)

BOOST_AUTO_TEST_CASE(matches_the_backward_pass_by_loops_on_rows_of_every_kind) {
    // random rows, stretched rows, masked keys and a fully masked row
    softmax_rows_backward_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(matches_central_differences_of_softmax_rows) {
    arma::arma_rng::set_seed(91);
    const arma::mat S = arma::randn(3, 5), dA = arma::randn(3, 5);
    const arma::mat got = attn::softmax_rows_backward(softmax_by_loops(S), dA);
    // d/dS of sum(softmax_rows(S) % dA) is exactly what the function must return.
    const arma::mat expected = central_differences([&](const arma::mat& X) { return arma::accu(softmax_by_loops(X) % dA); }, S);
    BOOST_TEST(matrices_close(got, expected, 1e-8, "dS against central differences", kWeights));
}

BOOST_AUTO_TEST_CASE(each_row_is_the_jacobian_times_its_row_of_da) {
    arma::arma_rng::set_seed(92);
    const arma::mat A = softmax_by_loops(arma::randn(4, 3) * 2.0), dA = arma::randn(4, 3);
    const arma::mat got = attn::softmax_rows_backward(A, dA);
    BOOST_REQUIRE_MESSAGE(got.n_rows == 4 && got.n_cols == 3, "dS must have the shape of A, 4x3; got " << got.n_rows << "x" << got.n_cols);
    for (arma::uword i = 0; i < 4; ++i) {
        arma::rowvec want(3, arma::fill::zeros);  // J(a, b) = A_a (delta_ab - A_b), built in full here
        for (arma::uword a = 0; a < 3; ++a)
            for (arma::uword b = 0; b < 3; ++b) want(a) += A(i, a) * ((a == b ? 1.0 : 0.0) - A(i, b)) * dA(i, b);
        BOOST_TEST(matrices_close(got.row(i), want, 1e-12, "row " + std::to_string(i) + " of dS", entries("key")));
    }
}

BOOST_AUTO_TEST_CASE(masked_keys_and_fully_masked_rows_get_zero_gradient) {
    const arma::mat S = {{1.0, -INFINITY, 2.0}, {-INFINITY, -INFINITY, -INFINITY}};
    const arma::mat A = softmax_by_loops(S);
    const arma::mat dA = {{0.5, 3.0, -1.0}, {1.0, 2.0, 3.0}};
    const arma::mat got = attn::softmax_rows_backward(A, dA);
    BOOST_REQUIRE_MESSAGE(got.n_rows == 2 && got.n_cols == 3, "dS must have the shape of A, 2x3");
    BOOST_TEST(got(0, 1) == 0.0, "a masked key (weight 0) has no gradient; got " << got(0, 1));
    BOOST_TEST(arma::accu(arma::abs(got.row(1))) == 0.0, "a fully masked row (all weights 0) has no gradient");
    BOOST_TEST(std::abs(arma::accu(got.row(0))) < 1e-12,
               "each row of dS sums to 0 (shifting a row of scores changes nothing); got " << arma::accu(got.row(0)));
}

BOOST_AUTO_TEST_CASE(no_queries_give_an_empty_gradient) {
    // A and dA 0x4 (no queries): the shapes agree, so dS comes back 0x4, without an error
    if (!results_right(softmax_rows_backward_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_the_backward_pass_by_loops_on_rows_of_every_kind passes");
        return;
    }
    for (const auto& [L_Q, L_K] : std::vector<std::pair<arma::uword, arma::uword>>{{0, 4}}) {
        const arma::mat A(L_Q, L_K), dA(L_Q, L_K);
        const Result got = attempt([&] { return result("dS", attn::softmax_rows_backward(A, dA)); });
        const std::string input = "A and dA " + attn::shape_of(A);
        if (refused_valid_input(got, "softmax_rows_backward", input)) return;
        const std::string instead = unless_shape(got, "dS", L_Q, L_K);
        BOOST_TEST(instead.empty(), input << " must give dS " << L_Q << "x" << L_K << " without an error (the contract "
                                              "refuses only A and dA of different shapes); got " << instead);
    }
}

BOOST_AUTO_TEST_CASE(refuses_a_gradient_of_another_shape) {
    if (!results_right(softmax_rows_backward_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_the_backward_pass_by_loops_on_rows_of_every_kind passes");
        return;
    }
    const std::string msg = refusal_of<attn::ShapeError>("softmax_rows_backward", [] {
        attn::softmax_rows_backward(arma::mat(2, 3, arma::fill::ones) / 3.0, arma::mat(3, 2, arma::fill::zeros));
    });
    if (msg.empty()) return;  // refusal_of named what went wrong
    BOOST_TEST((msg.find("2x3") != std::string::npos && msg.find("3x2") != std::string::npos),
               "the ShapeError should name A 2x3 and dA 3x2; got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(refuses_a_gradient_as_tall_as_the_weights_but_wider) {
    if (!results_right(softmax_rows_backward_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_the_backward_pass_by_loops_on_rows_of_every_kind passes");
        return;
    }
    // dA must have A's whole shape: as many rows is not enough (a check of the rows
    // alone lets a 3x5 dA through for a 3x4 A, and a loop over A's columns never
    // notices the fifth).
    const std::string msg = refusal_of<attn::ShapeError>("softmax_rows_backward", [] {
        attn::softmax_rows_backward(arma::mat(3, 4, arma::fill::ones) / 4.0, arma::mat(3, 5, arma::fill::ones));
    });
    if (msg.empty()) return;
    BOOST_TEST((msg.find("3x4") != std::string::npos && msg.find("3x5") != std::string::npos),
               "the ShapeError should name A 3x4 and dA 3x5; got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(refuses_a_gradient_as_wide_as_the_weights_but_of_other_height) {
    if (!results_right(softmax_rows_backward_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_the_backward_pass_by_loops_on_rows_of_every_kind passes");
        return;
    }
    // the same width is not enough either: a check of the columns alone lets a dA of one
    // row fewer, or one more, through
    for (const arma::uword rows : {2, 4}) {
        const std::string input = "dA " + std::to_string(rows) + "x4 for A 3x4";
        const std::string msg = refusal_of<attn::ShapeError>(
            "softmax_rows_backward",
            [&] { attn::softmax_rows_backward(arma::mat(3, 4, arma::fill::ones) / 4.0, arma::mat(rows, 4, arma::fill::ones)); },
            {}, input);
        if (msg.empty()) return;
        const std::string da = std::to_string(rows) + "x4";
        BOOST_TEST((msg.find("3x4") != std::string::npos && msg.find(da) != std::string::npos),
                   "the ShapeError should name A 3x4 and dA " << da << "; got '" << msg << "'");
    }
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== attention_backward
BOOST_AUTO_TEST_SUITE(attention_backward)

namespace {
void check_against_differences(const AttentionCase& c) {
    const attn::AttentionGrads g = attn::attention_backward(c.Q, c.K, c.V, c.A, c.dZ);
    const arma::mat dQ = central_differences([&](const arma::mat& X) { return attention_loss(X, c.K, c.V, c.mask, c.dZ); }, c.Q);
    const arma::mat dK = central_differences([&](const arma::mat& X) { return attention_loss(c.Q, X, c.V, c.mask, c.dZ); }, c.K);
    const arma::mat dV = central_differences([&](const arma::mat& X) { return attention_loss(c.Q, c.K, X, c.mask, c.dZ); }, c.V);
    BOOST_TEST(matrices_close(g.dQ, dQ, 1e-7, c.input + ": dQ against central differences", axes("query", "feature")));
    BOOST_TEST(matrices_close(g.dK, dK, 1e-7, c.input + ": dK against central differences", axes("key", "feature")));
    BOOST_TEST(matrices_close(g.dV, dV, 1e-7, c.input + ": dV against central differences", axes("key", "feature")));
}
}  // namespace

BOOST_AUTO_TEST_CASE(matches_the_backward_pass_by_loops_masked_or_not) {
    // square and not, d_k != d_v, a causal mask, padding keys and a query that sees none
    attention_backward_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(square_case_matches_central_differences) { check_against_differences(attention_cases()[0]); }

BOOST_AUTO_TEST_CASE(three_queries_over_five_keys_with_narrow_values) {
    check_against_differences(attention_cases()[1]);
}

BOOST_AUTO_TEST_CASE(causally_masked_weights_need_no_extra_care) { check_against_differences(attention_cases()[2]); }

BOOST_AUTO_TEST_CASE(padding_and_a_query_that_sees_nothing_need_no_extra_care) {
    check_against_differences(attention_cases()[3]);
}

BOOST_AUTO_TEST_CASE(refuses_weights_or_a_gradient_of_the_wrong_shape) {
    if (!results_right(attention_backward_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_the_backward_pass_by_loops_masked_or_not passes");
        return;
    }
    const AttentionCase c = attention_cases()[1];  // L_Q 3, L_K 5, d_v 2
    // A must be L_Q x L_K: transposed (both sizes wrong), one key short (its width alone),
    // or one query more (its height alone). Its message gives A beside what it is measured
    // against: the scores' L_Q x L_K, Q (its rows) or K (its rows are the keys)
    const std::vector<std::pair<arma::mat, std::string>> weights = {
        {arma::mat(c.A.t()), "A of 5x3 for scores of 3x5"},
        {arma::mat(3, 4, arma::fill::ones) / 4.0, "A of 3x4 for scores of 3x5 (one key short)"},
        {arma::mat(4, 5, arma::fill::ones) / 5.0, "A of 4x5 for scores of 3x5 (one query more)"}};
    for (const auto& [A, input] : weights) {
        const std::string msg = refusal_of<attn::ShapeError>(
            "attention_backward", [&] { attn::attention_backward(c.Q, c.K, c.V, A, c.dZ); }, {}, input);
        if (msg.empty()) return;
        const bool partner = msg.find("3x5") != std::string::npos || msg.find("Q 3x6") != std::string::npos ||
                             msg.find("K 5x6") != std::string::npos;
        BOOST_TEST((msg.find(attn::shape_of(A)) != std::string::npos && partner),
                   input << ": the ShapeError should name A " << attn::shape_of(A)
                         << " and what it is measured against (the scores' 3x5, Q 3x6 or K 5x6); got '" << msg << "'");
    }
    // dZ must be L_Q x d_v: too wide (its width alone), or one query more (its height alone)
    for (const arma::mat& dZ : {arma::mat(3, 4, arma::fill::zeros), arma::mat(4, 2, arma::fill::zeros)}) {
        const std::string shape = attn::shape_of(dZ);
        const std::string dz = refusal_of<attn::ShapeError>(
            "attention_backward", [&] { attn::attention_backward(c.Q, c.K, c.V, c.A, dZ); }, {},
            "dZ of " + shape + " for an output of 3x2");
        if (dz.empty()) return;
        BOOST_TEST(dz.find(shape) != std::string::npos, "the ShapeError should name dZ " << shape << "; got '" << dz << "'");
    }
}

BOOST_AUTO_TEST_CASE(refuses_what_the_chapter_06_rules_refuse) {
    if (!results_right(attention_backward_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_the_backward_pass_by_loops_masked_or_not passes");
        return;
    }
    const AttentionCase c = attention_cases()[1];  // L_Q 3, L_K 5, d_v 2
    // queries one feature wider than the keys (d_q != d_k): no dot product pairs them
    const arma::mat wide_Q = arma::join_rows(c.Q, arma::mat(c.Q.n_rows, 1, arma::fill::ones));
    refusal_of<attn::ShapeError>("attention_backward", [&] { attn::attention_backward(wide_Q, c.K, c.V, c.A, c.dZ); }, {},
                                 "Q one column wider than K");
    // one value row fewer than there are keys (L_V != L_K)
    const arma::mat short_V = c.V.head_rows(c.V.n_rows - 1);
    refusal_of<attn::ShapeError>("attention_backward", [&] { attn::attention_backward(c.Q, c.K, short_V, c.A, c.dZ); }, {},
                                 "V one row shorter than K");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== cross_entropy
BOOST_AUTO_TEST_SUITE(cross_entropy)

BOOST_AUTO_TEST_CASE(matches_log_sum_exp_by_loops_on_rows_of_every_range) {
    // rows of different ranges, logits near 1e4, a target far below its row's best, uniform logits
    cross_entropy_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(gradient_matches_central_differences) {
    const attn::CrossEntropyResult got = attn::cross_entropy(kLogits, kTargets);
    const arma::mat expected =
        central_differences([](const arma::mat& Z) { return cross_entropy_by_loops(Z, kTargets).loss; }, kLogits);
    BOOST_TEST(matrices_close(got.dlogits, expected, 1e-8, "dlogits against central differences of the loss",
                              axes("token", "word")));
}

BOOST_AUTO_TEST_CASE(stays_finite_for_logits_of_1e4) {
    // Row 0: exp(1e4) overflows; row 1: the target's probability, e^(-1e4 - 3), underflows to 0.
    const arma::mat Z = {{1e4, 1e4 - 1, 1e4 - 3, 1e4 - 2}, {0.0, -1e4, 3.0, 1.0}};
    const attn::CrossEntropyResult got = attn::cross_entropy(Z, {1, 1});
    BOOST_TEST(std::isfinite(got.loss), "the loss must stay finite for logits of 1e4; got " << got.loss);
    BOOST_TEST(got.dlogits.is_finite(), "every entry of dlogits must stay finite for logits of 1e4 (exp of a logit "
                                        "overflows from about 710 on: shift each row by its maximum first)");
    // Row 1 alone costs about 1e4 + 3: the mean is above 5000.
    BOOST_TEST(got.loss > 5000.0, "a target 10003 below the best logit costs about 10003; the mean loss was " << got.loss);
}

BOOST_AUTO_TEST_CASE(uniform_logits_cost_log_n_and_each_gradient_row_sums_to_zero) {
    const arma::mat Z(4, 7, arma::fill::value(2.5));  // every word equally likely
    const std::vector<arma::uword> t = {0, 3, 6, 2};
    const attn::CrossEntropyResult got = attn::cross_entropy(Z, t);
    BOOST_TEST(std::abs(got.loss - std::log(7.0)) < 1e-12,
               "with equal logits each of 7 words has probability 1/7, so the loss is log 7 = " << std::log(7.0)
                                                                                             << "; got " << got.loss);
    BOOST_REQUIRE_MESSAGE(got.dlogits.n_rows == 4 && got.dlogits.n_cols == 7, "dlogits must have the shape of the logits, 4x7");
    for (arma::uword r = 0; r < 4; ++r) {
        double sum = 0;
        for (arma::uword c = 0; c < 7; ++c) sum += got.dlogits(r, c);
        BOOST_TEST(std::abs(sum) < 1e-15, "row " << r << " of dlogits should sum to 0 (softmax sums to 1, the one-hot "
                                                          "too); it sums to " << sum);
        BOOST_TEST(std::abs(got.dlogits(r, t[r]) - (1.0 / 7 - 1.0) / 4) < 1e-15,
                   "at the target of row " << r << " dlogits should be (1/7 - 1) / 4; got " << got.dlogits(r, t[r]));
    }
}

BOOST_AUTO_TEST_CASE(refuses_targets_that_do_not_fit_the_logits) {
    if (!results_right(cross_entropy_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_log_sum_exp_by_loops_on_rows_of_every_range passes");
        return;
    }
    const arma::mat Z(3, 5, arma::fill::zeros);
    const std::string count = refusal_of<attn::ShapeError>("cross_entropy", [&] { attn::cross_entropy(Z, {0, 1, 2, 3}); }, {},
                                                           "four targets for logits of 3x5");
    if (!count.empty())
        BOOST_TEST((count.find("3x5") != std::string::npos && count.find("4x1") != std::string::npos),
                   "four targets for three rows: the ShapeError should name logits 3x5 and targets 4x1; got '" << count
                                                                                                             << "'");
    // fewer targets than rows is refused too (a check that guards only against reading past
    // the logits lets two targets for three rows through)
    const std::string fewer = refusal_of<attn::ShapeError>("cross_entropy", [&] { attn::cross_entropy(Z, {0, 1}); }, {},
                                                           "two targets for logits of 3x5");
    if (!fewer.empty())
        BOOST_TEST((fewer.find("3x5") != std::string::npos && fewer.find("2x1") != std::string::npos),
                   "two targets for three rows: the ShapeError should name logits 3x5 and targets 2x1; got '" << fewer
                                                                                                            << "'");
    const std::string column = refusal_of<attn::InputError>("cross_entropy", [&] { attn::cross_entropy(Z, {0, 1, 7}); }, {},
                                                             "target 7 at row 2 of logits 3x5");
    if (!column.empty() && column.find("target 7 at row 2") == std::string::npos &&
        column.find("target 7 at row 3") != std::string::npos)
        report(m::cross_entropy_message_row_from_one, "row 3 for the row numbered 2");
    else if (!column.empty())
        BOOST_TEST(column.find("target 7 at row 2, but only 5 columns") != std::string::npos,
                   "the InputError should say 'target 7 at row 2, but only 5 columns'; got '" << column << "'");
}

BOOST_AUTO_TEST_CASE(refuses_logits_with_no_rows) {
    if (!results_right(cross_entropy_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_log_sum_exp_by_loops_on_rows_of_every_range passes");
        return;
    }
    // no rows: the mean over no rows is 0 / 0
    refusal_of<attn::InputError>("cross_entropy", [] { attn::cross_entropy(arma::mat(0, 5), {}); }, {},
                                 "logits of 0x5 and no targets");
    // no rows and three targets break two rules: one target per row (a ShapeError naming
    // both) and no rows (an InputError). The contract fixes no order between them, so either
    // refusal is right; what is wrong is letting it through, or Armadillo's error escaping
    const Result both = attempt([] {
        attn::cross_entropy(arma::mat(0, 5), {0, 1, 2});
        return Result{};
    });
    if (both.threw == Threw::input_error && both.message.rfind("cross_entropy:", 0) == 0) return;
    const std::string empty = judge_refusal(both, true, "cross_entropy", {}, "logits of 0x5 and three targets");
    if (!empty.empty())
        BOOST_TEST((empty.find("0x5") != std::string::npos && empty.find("3x1") != std::string::npos),
                   "three targets for logits with no rows: the ShapeError should name logits 0x5 and targets 3x1; got '"
                       << empty << "'");
}

BOOST_AUTO_TEST_CASE(refuses_a_target_equal_to_the_number_of_columns) {
    if (!results_right(cross_entropy_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_log_sum_exp_by_loops_on_rows_of_every_range passes");
        return;
    }
    // The columns are 0 .. 4: a target of 5 is the first one past the end. A check that
    // refuses 7 (above) but lets 5 through is off by one.
    const arma::mat Z(3, 5, arma::fill::zeros);
    const auto with_targets = [&](std::vector<arma::uword> t) {
        return attempt([&] {
            attn::cross_entropy(Z, t);
            return Result{};
        });
    };
    const Result edge = with_targets({0, 1, 5});
    const bool course_error = edge.threw == Threw::input_error || edge.threw == Threw::shape_error;
    if (!course_error && with_targets({0, 1, 7}).threw == Threw::input_error) {
        report(m::cross_entropy_target_check_off_by_one);
        return;
    }
    const std::string msg = judge_refusal(edge, false, "cross_entropy");
    if (!msg.empty() && msg.find("target 5 at row 2") == std::string::npos && msg.find("target 5 at row 3") != std::string::npos)
        report(m::cross_entropy_message_row_from_one, "row 3 for the row numbered 2");
    else if (!msg.empty())
        BOOST_TEST(msg.find("target 5 at row 2") != std::string::npos,
                   "the InputError should say 'target 5 at row 2, but only 5 columns'; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== numeric_gradient
BOOST_AUTO_TEST_SUITE(numeric_gradient)

BOOST_AUTO_TEST_CASE(matches_central_differences_by_loops) {
    // a quadratic form (exact), and a cubic that couples every entry, at two steps h
    numeric_gradient_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(a_quadratic_form_gets_its_exact_gradient) {
    const arma::mat got = attn::numeric_gradient(quadratic_form, kW3x2, 1e-4);
    const arma::mat exact = product_by_loops(kA + kA.t(), kW3x2);
    BOOST_TEST(matrices_close(got, exact, 1e-9, "the gradient (A + A^T) W of a quadratic form"));
}

BOOST_AUTO_TEST_CASE(on_a_cubic_the_error_is_exactly_h_squared) {
    // ((w + h)^3 - (w - h)^3) / 2h = 3 w^2 + h^2, and the quadratic term comes out exact:
    // what a central difference must give, where a one-sided one errs by about 3 w h.
    const double h = 1e-2;
    const arma::mat got = attn::numeric_gradient(cubic_and_coupled, kW2x3, h);
    double dot = 0;
    for (arma::uword i = 0; i < kW2x3.n_elem; ++i) dot += kC(i) * kW2x3(i);
    arma::mat want(2, 3);
    for (arma::uword i = 0; i < kW2x3.n_elem; ++i) want(i) = 3 * kW2x3(i) * kW2x3(i) + h * h + 2 * dot * kC(i);
    BOOST_TEST(matrices_close(got, want, 1e-9, "central differences with h = 0.01 (3 w^2 + h^2 + 2 (C . W) C)"));
}

BOOST_AUTO_TEST_CASE(each_evaluation_moves_at_most_one_entry_by_h) {
    // The contract's G(i) needs loss at W + h e_i and at W - h e_i for every i. A call at
    // W itself (nothing moved) is allowed, as is a repeated one; a call with two entries
    // moved (an entry not put back, every entry moved at once) or one moved by anything
    // but h is not an evaluation of the formula.
    const double h = 1e-3;
    std::vector<std::string> problems;
    std::vector<bool> up(kW2x3.n_elem, false), down(kW2x3.n_elem, false);
    int calls = 0;
    auto f = [&](const arma::mat& X) {
        ++calls;
        if (X.n_rows != kW2x3.n_rows || X.n_cols != kW2x3.n_cols) {
            if (problems.empty())
                problems.push_back("call " + std::to_string(calls) + " got a " + std::to_string(X.n_rows) + "x" +
                                   std::to_string(X.n_cols) + " matrix, not W's shape");
            return 0.0;
        }
        int moved = 0;  // entries more than h/2 away from W (rounding in putting one back is not a move)
        arma::uword which = 0;
        bool by_h = true;
        for (arma::uword i = 0; i < kW2x3.n_elem; ++i)
            if (std::abs(X(i) - kW2x3(i)) > h / 2)
                ++moved, which = i, by_h = by_h && std::abs(std::abs(X(i) - kW2x3(i)) - h) < 1e-12;
        if (moved == 1 && by_h)
            (X(which) > kW2x3(which) ? up : down)[which] = true;
        else if (moved == 1 && problems.empty()) {
            // one entry, moved by something else than h: say what it held
            std::ostringstream said;
            said << "call " << calls << " saw entry " << which << " at " << X(which) << " where W holds "
                 << kW2x3(which) << ", not W(i) + h = " << kW2x3(which) + h << " nor W(i) - h = " << kW2x3(which) - h;
            if (std::abs(std::abs(X(which)) - h) < 1e-12)
                said << ": the entry was set to h itself (at(i) = h) where h is added to it (at(i) = W(i) + h, "
                        "or at(i) += h)";
            problems.push_back(said.str());
        } else if (moved != 0 && problems.empty())
            problems.push_back("call " + std::to_string(calls) + " saw " + std::to_string(moved) + " entries moved" +
                               (by_h ? "" : ", not each by h"));
        return cubic_and_coupled(X);
    };
    attn::numeric_gradient(f, kW2x3, h);
    BOOST_TEST(problems.empty(), "every evaluation must see W with at most one entry moved, by +h or -h (put each "
                                 "entry back before the next); "
                                     << (problems.empty() ? "" : problems[0]));
    std::string missing;
    for (arma::uword i = 0; i < kW2x3.n_elem && missing.empty(); ++i)
        if (!up[i] || !down[i])
            missing = "entry " + std::to_string(i) + " (row " + std::to_string(i % kW2x3.n_rows) + ", column " +
                      std::to_string(i / kW2x3.n_rows) + ") was never evaluated at W " +
                      (!up[i] && !down[i] ? "+ h e_i nor at W - h e_i" : up[i] ? "- h e_i" : "+ h e_i");
    BOOST_TEST(missing.empty(), "a central difference evaluates loss at W + h e_i and at W - h e_i for every entry i "
                                "of W, here all 6 of a 2x3 W; "
                                    << missing);
}

BOOST_AUTO_TEST_CASE(an_empty_w_gets_an_empty_gradient) {
    // W 0x0 or 0x3 is "any r x c": there is no entry to move, so G has W's shape, and the
    // contract refuses only a bad step h
    if (!results_right(numeric_gradient_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_central_differences_by_loops passes");
        return;
    }
    auto f = [](const arma::mat& X) { return arma::accu(X % X); };
    for (const auto& [r, c] : std::vector<std::pair<arma::uword, arma::uword>>{{0, 0}, {0, 3}, {2, 0}}) {
        const arma::mat W(r, c);
        const Result got = attempt([&] { return result("G", attn::numeric_gradient(f, W, 1e-4)); });
        const std::string input = "W " + attn::shape_of(W) + " (no entries), h = 1e-4";
        if (refused_valid_input(got, "numeric_gradient", input)) return;
        const std::string instead = unless_shape(got, "G", r, c);
        BOOST_TEST(instead.empty(), input << " must give G " << r << "x" << c << " without an error (the contract "
                                              "takes any r x c W and refuses only a bad h); got " << instead);
    }
}

BOOST_AUTO_TEST_CASE(refuses_a_step_that_is_not_positive_and_finite) {
    if (!results_right(numeric_gradient_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_central_differences_by_loops passes");
        return;
    }
    const arma::mat W(2, 2, arma::fill::ones);
    auto f = [](const arma::mat& X) { return arma::accu(X); };
    const std::vector<std::pair<double, std::string>> steps = {
        {0.0, "0"}, {-1e-5, "-1e-5"}, {static_cast<double>(NAN), "NaN"}, {static_cast<double>(INFINITY), "inf"}};
    for (const auto& step : steps) {
        const double h = step.first;
        refusal_of<attn::InputError>("numeric_gradient", [&] { attn::numeric_gradient(f, W, h); }, {},
                                     "a step h = " + step.second);
    }
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== adam_step
BOOST_AUTO_TEST_SUITE(adam_step)

BOOST_AUTO_TEST_CASE(steps_match_the_formula_by_loops) {
    // W, m and v after a few steps: default constants, a large epsilon, the first step
    // alone, other betas with an entry that never gets a gradient
    adam_step_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(four_steps_match_the_formula_by_loops) {
    const AdamCase a = adam_cases()[0];
    const AdamState got = adam_run(a), want = adam_run_by_loops(a);
    BOOST_TEST(matrices_close(got.m, want.m, 1e-13, "after 4 steps: m, the running mean of the gradient"));
    BOOST_TEST(matrices_close(got.v, want.v, 1e-13, "after 4 steps: v, the running mean of its square"));
    BOOST_TEST(matrices_close(got.W, want.W, 1e-13, "after 4 steps: W"));
}

BOOST_AUTO_TEST_CASE(with_a_large_epsilon_it_is_added_after_the_square_root) {
    const AdamCase a = adam_cases()[1];  // gradients of about 0.01 and epsilon 0.01: where epsilon goes shows
    BOOST_TEST(matrices_close(adam_run(a).W, adam_run_by_loops(a).W, 1e-13, "after 3 steps with epsilon 0.01: W"));
}

BOOST_AUTO_TEST_CASE(the_first_step_moves_every_entry_by_about_the_learning_rate) {
    // Bias correction at t = 1: m_hat = g and v_hat = g^2, so each entry moves by lr g / (|g| + epsilon),
    // whatever the size of its gradient.
    const AdamCase a = adam_cases()[2];
    const AdamState got = adam_run(a);
    const arma::rowvec g = a.grads[0];
    BOOST_REQUIRE_MESSAGE(got.W.n_elem == 4 && got.m.n_elem == 4 && got.v.n_elem == 4, "W, m and v must stay 1x4");
    for (arma::uword i = 0; i < 4; ++i) {
        const double move = -got.W(i), sign = g(i) > 0 ? 1.0 : -1.0;
        BOOST_TEST(std::abs(move - sign * a.lr) < 1e-5 * a.lr, "entry " << i << " (gradient " << g(i) << ") should move by "
                                                                        << sign * a.lr << " on the first step; it moved by "
                                                                        << move);
        BOOST_TEST(std::abs(got.m(i) - 0.1 * g(i)) < 1e-12 * std::max(1.0, std::abs(g(i))),
                   "m after one step is (1 - beta1) g; at entry " << i << " it is " << got.m(i) << " for g = " << g(i));
        BOOST_TEST(std::abs(got.v(i) / (g(i) * g(i)) - 0.02) < 1e-12,
                   "v after one step is (1 - beta2) g^2; at entry " << i << " it is " << got.v(i) << " for g = " << g(i));
    }
}

BOOST_AUTO_TEST_CASE(an_empty_w_is_left_as_it_is) {
    // W, grad, m and v all 0x3: the same shape, so nothing is refused and nothing moves
    if (!results_right(adam_step_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once steps_match_the_formula_by_loops passes");
        return;
    }
    arma::mat W(0, 3), g(0, 3), mm(0, 3), vv(0, 3);
    const Result got = attempt([&] {
        attn::adam_step(W, g, mm, vv, 1, 0.1);
        return result("W", W).add("m", mm).add("v", vv);
    });
    if (refused_valid_input(got, "adam_step", "W, grad, m and v all 0x3, t = 1")) return;
    std::string instead = unless_shape(got, "W", 0, 3);
    if (instead.empty()) instead = unless_shape(got, "m", 0, 3);
    if (instead.empty()) instead = unless_shape(got, "v", 0, 3);
    BOOST_TEST(instead.empty(), "W, grad, m and v all 0x3 must stay 0x3 without an error (the contract refuses only "
                                "shapes that differ and t < 1); got " << instead);
}

BOOST_AUTO_TEST_CASE(refuses_mismatched_shapes_and_a_step_before_one) {
    if (!results_right(adam_step_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once steps_match_the_formula_by_loops passes");
        return;
    }
    arma::mat W(2, 3, arma::fill::zeros), mm(2, 3, arma::fill::zeros), vv(2, 3, arma::fill::zeros);
    arma::mat wrong(3, 2, arma::fill::zeros);
    const std::string g = refusal_of<attn::ShapeError>("adam_step", [&] { attn::adam_step(W, wrong, mm, vv, 1, 0.1); }, {},
                                                           "grad of 3x2 for W of 2x3");
    // each message gives W and the matrix that differs from it, each under its own name (a
    // check copied from the one before keeps the other matrix's name)
    if (!g.empty() && !message_names(g, {"W 2x3", "grad 3x2"}, "a gradient 3x2 for W 2x3")) return;
    const std::string m_msg = refusal_of<attn::ShapeError>("adam_step", [&] { attn::adam_step(W, mm, wrong, vv, 1, 0.1); }, {},
                                                               "m of 3x2 for W of 2x3");
    if (!m_msg.empty() && !message_names(m_msg, {"W 2x3", "m 3x2"}, "m 3x2 for W 2x3")) return;
    const std::string v_msg = refusal_of<attn::ShapeError>("adam_step", [&] { attn::adam_step(W, mm, vv, wrong, 1, 0.1); }, {},
                                                               "v of 3x2 for W of 2x3");
    if (!v_msg.empty() && !message_names(v_msg, {"W 2x3", "v 3x2"}, "v 3x2 for W 2x3")) return;
    // each one differing from W in one size alone: a check of the rows (or of the columns)
    // alone lets it through
    const arma::mat wider(2, 4, arma::fill::zeros), taller(3, 3, arma::fill::zeros);
    for (const arma::mat* other : {&wider, &taller})
        for (const char* role : {"grad", "m", "v"}) {
            const std::string name = role, shape = attn::shape_of(*other);
            const std::string msg = refusal_of<attn::ShapeError>(
                "adam_step",
                [&] {
                    arma::mat w = W, g = name == "grad" ? *other : W, mt = name == "m" ? *other : mm,
                              vt = name == "v" ? *other : vv;
                    attn::adam_step(w, g, mt, vt, 1, 0.1);
                },
                {}, name + " of " + shape + " for W of 2x3 (one size differs)");
            if (msg.empty()) return;
            if (!message_names(msg, {"W 2x3", name + " " + shape}, name + " " + shape + " for W 2x3")) return;
        }
    // t is a long: every step number below 1 is refused, not only 0
    for (const long t : {0L, -1L, -7L})
        refusal_of<attn::InputError>("adam_step", [&] { attn::adam_step(W, mm, vv, vv, t, 0.1); }, {},
                                     "the step t = " + std::to_string(t));
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== learning_rate
BOOST_AUTO_TEST_SUITE(learning_rate)

namespace {
arma::rowvec rates(const std::vector<long>& steps, double peak, long warmup) {
    arma::rowvec got(steps.size());
    for (std::size_t k = 0; k < steps.size(); ++k) got(k) = attn::learning_rate(steps[k], peak, warmup);
    return got;
}
}  // namespace

BOOST_AUTO_TEST_CASE(follows_the_schedule_over_whole_runs_of_steps) {
    // the warm-up, the peak and the decay, with warm-ups of 8, 2 and 100 steps
    learning_rate_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(rises_linearly_to_the_peak_at_the_end_of_the_warmup) {
    const std::vector<long> steps = {1, 3, 7, 8};
    const arma::rowvec got = rates(steps, 0.5, 8);
    for (std::size_t k = 0; k < steps.size(); ++k) {
        const double want = 0.5 * static_cast<double>(steps[k]) / 8.0;
        BOOST_TEST(std::abs(got(k) - want) < 1e-15, "step " << steps[k] << " of an 8-step warm-up to 0.5: expected "
                                                            << want << " (peak * t / warmup); got " << got(k));
    }
}

BOOST_AUTO_TEST_CASE(decays_with_the_inverse_square_root_after_the_warmup) {
    const std::vector<long> steps = {8, 9, 32, 200, 800};
    const arma::rowvec got = rates(steps, 0.5, 8);
    for (std::size_t k = 0; k < steps.size(); ++k) {
        const double want = 0.5 * std::sqrt(8.0 / static_cast<double>(steps[k]));
        BOOST_TEST(std::abs(got(k) - want) < 1e-15, "step " << steps[k] << " after an 8-step warm-up: expected " << want
                                                            << " (peak * sqrt(warmup / t)); got " << got(k));
    }
    BOOST_TEST(std::abs(got(2) - 0.25) < 1e-15, "four times the warm-up, the rate is half the peak; got " << got(2));
    BOOST_TEST(std::abs(got(4) - 0.05) < 1e-15, "a hundred times the warm-up, a tenth of the peak; got " << got(4));
}

BOOST_AUTO_TEST_CASE(matches_the_2017_paper_with_its_peak) {
    // Vaswani et al.: lrate = d_model^-0.5 min(t^-0.5, t warmup^-1.5), d_model 512, warmup 4000.
    const double peak = 1.0 / std::sqrt(512.0 * 4000.0);
    const std::vector<long> steps = {1, 100, 3999, 4000, 4001, 20000, 100000};
    const arma::rowvec got = rates(steps, peak, 4000);
    for (std::size_t k = 0; k < steps.size(); ++k) {
        const double t = static_cast<double>(steps[k]);
        const double paper = std::pow(512.0, -0.5) * std::min(std::pow(t, -0.5), t * std::pow(4000.0, -1.5));
        BOOST_TEST(std::abs(got(k) - paper) < 1e-12 * paper,
                   "step " << steps[k] << ": the paper's formula gives " << paper << "; got " << got(k));
    }
}

BOOST_AUTO_TEST_CASE(any_peak_and_a_warmup_of_one_are_accepted) {
    // the contract refuses only t < 1 and warmup < 1: a peak of 0 gives 0 at every step, a
    // negative peak its negative schedule, and warmup = 1 starts at the peak and decays
    if (!results_right(learning_rate_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once follows_the_schedule_over_whole_runs_of_steps passes");
        return;
    }
    for (const auto& [t, peak, warmup] : std::vector<std::tuple<long, double, long>>{
             {3, 0.0, 4}, {9, 0.0, 4}, {2, -0.5, 4}, {16, -0.5, 4}, {1, 0.25, 1}, {4, 0.25, 1}}) {
        const Result got = attempt([&] { return number("lr", attn::learning_rate(t, peak, warmup)); });
        const std::string input = "t = " + std::to_string(t) + ", peak " + show(peak) + ", warmup " + std::to_string(warmup);
        if (refused_valid_input(got, "learning_rate", input)) return;
        const double want = peak * std::min(static_cast<double>(t) / static_cast<double>(warmup),
                                            std::sqrt(static_cast<double>(warmup) / static_cast<double>(t)));
        const double lr = got.parts.at(0).value(0, 0);
        BOOST_TEST(std::abs(lr - want) <= 1e-12, "at " << input << " the rate is peak * min(t / warmup, sqrt(warmup / t)) = "
                                                       << want << "; got " << lr);
    }
}

BOOST_AUTO_TEST_CASE(refuses_a_step_or_a_warmup_below_one) {
    if (!results_right(learning_rate_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once follows_the_schedule_over_whole_runs_of_steps passes");
        return;
    }
    for (const auto& step_and_warmup : std::vector<std::pair<long, long>>{{0, 10}, {-3, 10}, {5, 0}, {5, -1}}) {
        const long t = step_and_warmup.first, w = step_and_warmup.second;
        refusal_of<attn::InputError>("learning_rate", [&] { attn::learning_rate(t, 0.1, w); }, {},
                                     "step " + std::to_string(t) + " with warmup " + std::to_string(w));
    }
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== distinguishable
// The inputs of each diagnosis tell every two declared mistakes apart, each variant
// shows, and each is named as itself: the proof that a name is never a guess.
BOOST_AUTO_TEST_SUITE(distinguishable)

BOOST_AUTO_TEST_CASE(softmax_rows_backward) { softmax_rows_backward_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(attention_backward) { attention_backward_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(cross_entropy) { cross_entropy_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(numeric_gradient) { numeric_gradient_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(adam_step) { adam_step_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(learning_rate) { learning_rate_diagnosis().require_distinguishable(); }

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== chapter (training_lab)
BOOST_AUTO_TEST_SUITE(chapter)

namespace tl = attn::training_lab;

BOOST_AUTO_TEST_CASE(the_naive_losses_break_where_log_sum_exp_does_not) {
    BOOST_TEST(std::isnan(tl::naive_loss({1000, 999, 997}, 1)), "exp(1000) overflows: inf / inf is NaN");
    BOOST_TEST(std::isinf(tl::log_of_softmax_loss({0, -800, 3}, 1)), "a probability of e^-803 is stored as 0");
    // log(e^0 + e^-800 + e^3) + 800 by hand: e^-800 adds nothing a double can hold.
    const double want = 3 + std::log(std::exp(-3.0) + 1.0) + 800;
    const tl::RowLoss r = tl::loss_by_hand({0, -800, 3}, 1);
    BOOST_TEST(std::abs(r.loss - want) < 1e-12, "the loss of [0, -800, 3] at 1 is " << want << "; got " << r.loss);
    BOOST_TEST(r.max == 3.0);
    BOOST_TEST(std::abs(arma::accu(r.probabilities) - 1) < 1e-15, "the probabilities sum to 1");
}

BOOST_AUTO_TEST_CASE(difference_errors_fall_like_h_and_like_h_squared) {
    const auto e = tl::difference_errors({1.0, 3.0, 0.5, -1.0, 2.0}, 4, 0, {1e-2, 1e-3});
    BOOST_REQUIRE(e.size() == 2u);
    const double one = e[0].one_sided / e[1].one_sided, two = e[0].central / e[1].central;
    BOOST_TEST((one > 8 && one < 12), "h ten times smaller: one-sided error about 10 times smaller; ratio " << one);
    BOOST_TEST((two > 80 && two < 120), "h ten times smaller: central error about 100 times smaller; ratio " << two);
}

BOOST_AUTO_TEST_CASE(the_gradient_check_of_attention_backward_agrees) {
    arma::arma_rng::set_seed(131);
    const arma::mat Q = arma::randn(3, 4), K = arma::randn(5, 4), V = arma::randn(5, 2);
    const arma::mat G = arma::randn(3, 2);
    const tl::GradientCheck c = tl::check_attention_backward(Q, K, V, G);
    BOOST_TEST(c.worst_relative < 1e-8, "relative error " << c.worst_relative);
    BOOST_TEST(c.worst_difference < 1e-8, "largest difference " << c.worst_difference);
    BOOST_TEST((c.numeric.dK.n_rows == 5 && c.numeric.dK.n_cols == 4));
}

BOOST_AUTO_TEST_CASE(adams_first_step_is_the_rate_and_without_correction_0_71_of_it) {
    const tl::FirstStep s = tl::adam_first_step({0.001, -1.0, 1000.0}, 0.01);
    const arma::rowvec sign = {1, -1, 1};
    for (arma::uword i = 0; i < 3; ++i) {
        BOOST_TEST(std::abs(s.with_correction(i) + 0.01 * sign(i)) < 1e-7, "entry " << i << ": " << s.with_correction(i));
        const double uncorrected = -0.01 * sign(i) * 0.1 / std::sqrt(0.02);
        BOOST_TEST(std::abs(s.without_correction(i) - uncorrected) < 1e-7, "entry " << i << ": " << s.without_correction(i));
    }
}

BOOST_AUTO_TEST_CASE(the_paper_schedule_peaks_at_the_warmup) {
    const double peak = tl::paper_peak(512, 4000);
    BOOST_TEST(std::abs(peak - 6.988e-4) < 1e-7);
    BOOST_TEST(std::abs(tl::paper_learning_rate(4000, 512, 4000) - peak) < 1e-18);
    BOOST_TEST(tl::paper_learning_rate(3999, 512, 4000) < peak);
    BOOST_TEST(tl::paper_learning_rate(4001, 512, 4000) < peak);
}

BOOST_AUTO_TEST_CASE(training_lowers_the_loss_and_learns_to_reverse) {
    const tl::ReversalConfig config;
    const tl::ReversalRun run = tl::train_reversal(config);
    BOOST_REQUIRE(run.loss.size() == static_cast<std::size_t>(config.steps));
    BOOST_TEST(std::abs(run.loss.front() - std::log(6.0)) < 0.3, "untrained, the loss is near log 6; " << run.loss.front());
    BOOST_TEST(run.loss.back() < 0.05, "after training the loss is below 0.05; got " << run.loss.back());
    BOOST_TEST(run.accuracy_after > 0.99, "after training, " << run.accuracy_after << " of the positions are right");
    BOOST_TEST(run.accuracy_before < 0.5);
    for (arma::uword i = 0; i < config.length; ++i)
        BOOST_TEST(run.example_weights.row(i).index_max() == config.length - 1 - i,
                   "query " << i << " should read key " << config.length - 1 - i);
    for (std::size_t k = 0; k < run.rate.size(); ++k) {
        const double t = static_cast<double>(k + 1), w = static_cast<double>(config.warmup);
        BOOST_TEST(std::abs(run.rate[k] - config.peak * std::min(t / w, std::sqrt(w / t))) < 1e-15);
    }
    const attn::plot::Figure f = tl::loss_figure(run);
    BOOST_TEST(std::get<attn::plot::LineChart>(f.panels.at(0)).series.at(0).y.size() == run.loss.size());
}

BOOST_AUTO_TEST_CASE(the_difference_figure_leaves_out_errors_a_log_axis_cannot_show) {
    const std::vector<tl::DifferenceError> e = {{1e-1, 1e-2, 1e-3}, {1e-2, 1e-3, 0.0}};
    const attn::plot::Figure f = tl::difference_figure(e);
    const auto& c = std::get<attn::plot::LineChart>(f.panels.at(0));
    BOOST_TEST(c.series.at(0).y.size() == 2u);
    BOOST_TEST(c.series.at(1).y.size() == 1u);
}

BOOST_AUTO_TEST_CASE(reversal_input_is_token_then_position) {
    const arma::mat X = tl::reversal_input({2, 0, 1}, 4);
    BOOST_REQUIRE((X.n_rows == 3 && X.n_cols == 7));
    const arma::mat want = {{0, 0, 1, 0, 1, 0, 0}, {1, 0, 0, 0, 0, 1, 0}, {0, 1, 0, 0, 0, 0, 1}};
    BOOST_TEST(matrices_close(X, want, 0.0, "X"));
    BOOST_TEST(!thrown<attn::InputError>([] { tl::reversal_input({4}, 4); }).empty());
}

BOOST_AUTO_TEST_SUITE_END()
