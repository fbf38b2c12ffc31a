// Chapter 11 tests: one suite per exercise (its name is the exercise's name);
// `chapter` holds the tests of the chapter's non-exercise code (labs/training_lab).
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch11_training)

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <unistd.h>
#include <vector>

#include "contracts/06_shape_rules.hpp"
#include "contracts/11_training.hpp"
#include "core/errors.hpp"
#include "labs/training_lab.hpp"
#include "contracts/03_softmax.hpp"
#include "mistakes.hpp"
#include "slips.hpp"
#include "test_helpers.hpp"

using attn_test::matrices_close;
using attn_test::thrown_message;
namespace m = attn_test::mistakes;
namespace fs = std::filesystem;

namespace {

// ---------------------------------------------------------------- independent references
// Attention by scalar loops; allowed(i, j) false hides key j from query i.
// Returns the weights; the output is weights * V (by loops too).
template <class Allowed>
arma::mat weights_by_loops(const arma::mat& Q, const arma::mat& K, Allowed allowed) {
    const double scale = 1.0 / std::sqrt(static_cast<double>(K.n_cols));
    arma::mat A(Q.n_rows, K.n_rows, arma::fill::zeros);
    for (arma::uword i = 0; i < Q.n_rows; ++i) {
        double mx = -INFINITY, total = 0;
        for (arma::uword j = 0; j < K.n_rows; ++j) {
            if (!allowed(i, j)) continue;
            double d = 0;
            for (arma::uword c = 0; c < K.n_cols; ++c) d += Q(i, c) * K(j, c);
            A(i, j) = d * scale;
            mx = std::max(mx, A(i, j));
        }
        for (arma::uword j = 0; j < K.n_rows; ++j) {
            A(i, j) = allowed(i, j) ? std::exp(A(i, j) - mx) : 0.0;
            total += A(i, j);
        }
        if (total > 0) A.row(i) /= total;
    }
    return A;
}
bool causal(arma::uword i, arma::uword j) { return j <= i; }
bool everything(arma::uword, arma::uword) { return true; }

// L(Q, K, V) = sum(Z % G) for Z = attention with an optional causal mask: its
// gradient at Z is G, so attention_backward(.., dZ = G) must give dL/dQ etc.
double attention_loss(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& G,
                      bool masked) {
    const arma::mat A = masked ? weights_by_loops(Q, K, causal) : weights_by_loops(Q, K, everything);
    return arma::accu(attn_test::product_by_loops(A, V) % G);
}

// Central differences of f with respect to every entry of X (the test's own,
// independent of the exercise numeric_gradient).
template <class F>
arma::mat central_differences(arma::mat X, F f, double h = 1e-6) {
    arma::mat g(X.n_rows, X.n_cols);
    for (arma::uword i = 0; i < X.n_elem; ++i) {
        const double keep = X(i);
        X(i) = keep + h;
        const double up = f(X);
        X(i) = keep - h;
        const double down = f(X);
        X(i) = keep;
        g(i) = (up - down) / (2 * h);
    }
    return g;
}

}  // namespace

// ==================================================================== softmax_rows_backward
BOOST_AUTO_TEST_SUITE(softmax_rows_backward)

namespace {
// The right dS and every slip's (the list the recogniser compares with, and the
// `distinguishable` suite checks).
std::pair<arma::mat, std::vector<attn_test::Slip>> softmax_backward_slips(const arma::mat& A, const arma::mat& dA) {
    // each variant by loops: dS(i, j) = A(i, j) (dA(i, j) - dot), where `dot` is what the slip subtracts
    const arma::uword R = A.n_rows, C = A.n_cols;
    arma::colvec row_dot(R, arma::fill::zeros);
    arma::rowvec col_dot(C, arma::fill::zeros);
    double whole_dot = 0;
    for (arma::uword i = 0; i < R; ++i)
        for (arma::uword j = 0; j < C; ++j)
            row_dot(i) += A(i, j) * dA(i, j), col_dot(j) += A(i, j) * dA(i, j), whole_dot += A(i, j) * dA(i, j);
    arma::mat right(R, C), none(R, C), columns(R, C), unweighted(R, C), whole(R, C), diagonal(R, C);
    for (arma::uword i = 0; i < R; ++i)
        for (arma::uword j = 0; j < C; ++j) {
            right(i, j) = A(i, j) * (dA(i, j) - row_dot(i));
            none(i, j) = A(i, j) * dA(i, j);
            columns(i, j) = A(i, j) * (dA(i, j) - col_dot(j));
            unweighted(i, j) = dA(i, j) - row_dot(i);
            whole(i, j) = A(i, j) * (dA(i, j) - whole_dot);
            diagonal(i, j) = A(i, j) * (1.0 - A(i, j)) * dA(i, j);
        }
    return {right,
            {{m::softmax_backward_without_subtraction, none},
             {m::softmax_backward_sums_columns, columns},
             {m::softmax_backward_missing_weights, unweighted},
             {m::softmax_backward_whole_matrix_dot, whole},
             {m::softmax_backward_diagonal_only, diagonal}}};
}
void report_softmax_backward_slips(const arma::mat& got, const arma::mat& A, const arma::mat& dA) {
    const auto [right, slips] = softmax_backward_slips(A, dA);
    attn_test::report_the_one_slip(got, right, slips);
}
}  // namespace

BOOST_AUTO_TEST_CASE(matches_central_differences_of_softmax_rows) {
    arma::arma_rng::set_seed(91);
    const arma::mat S = arma::randn(3, 5), dA = arma::randn(3, 5);
    const arma::mat A = attn::softmax_rows(S);
    const arma::mat got = attn::softmax_rows_backward(A, dA);
    report_softmax_backward_slips(got, A, dA);
    // d/dS of sum(softmax_rows(S) % dA) is exactly what the function must return.
    const arma::mat expected = central_differences(S, [&](const arma::mat& X) {
        return arma::accu(weights_by_loops(X, arma::eye(5, 5) * std::sqrt(5.0), everything) % dA);
    });
    BOOST_TEST(matrices_close(got, expected, 1e-8, "dS"));
}

BOOST_AUTO_TEST_CASE(each_row_is_the_jacobian_times_its_row_of_da) {
    arma::arma_rng::set_seed(92);
    const arma::mat A = attn::softmax_rows(arma::randn(4, 3) * 2.0), dA = arma::randn(4, 3);
    const arma::mat got = attn::softmax_rows_backward(A, dA);
    report_softmax_backward_slips(got, A, dA);
    for (arma::uword i = 0; i < 4; ++i) {
        arma::mat J(3, 3);  // J(a, b) = A_a (delta_ab - A_b), built in full here
        for (arma::uword a = 0; a < 3; ++a)
            for (arma::uword b = 0; b < 3; ++b) J(a, b) = A(i, a) * ((a == b ? 1.0 : 0.0) - A(i, b));
        const arma::mat want = dA.row(i) * J.t();
        BOOST_TEST(matrices_close(got.row(i), want, 1e-12, "row " + std::to_string(i)));
    }
}

BOOST_AUTO_TEST_CASE(masked_keys_and_fully_masked_rows_get_zero_gradient) {
    arma::mat S = {{1.0, -INFINITY, 2.0}, {-INFINITY, -INFINITY, -INFINITY}};
    const arma::mat A = attn::softmax_rows(S);
    const arma::mat dA = {{0.5, 3.0, -1.0}, {1.0, 2.0, 3.0}};
    const arma::mat got = attn::softmax_rows_backward(A, dA);
    report_softmax_backward_slips(got, A, dA);
    BOOST_REQUIRE(got.n_rows == 2 && got.n_cols == 3);
    BOOST_TEST(got(0, 1) == 0.0, "a masked key has no gradient; got " << got(0, 1));
    BOOST_TEST(arma::accu(arma::abs(got.row(1))) == 0.0, "a fully masked row has no gradient");
    BOOST_TEST(std::abs(arma::accu(got.row(0))) < 1e-12,
               "each row of dS sums to 0 (shifting a row of scores changes nothing); got " << arma::accu(got.row(0)));
}

BOOST_AUTO_TEST_CASE(refuses_a_gradient_of_another_shape) {
    const std::string msg = attn_test::refusal_message<attn::ShapeError>(
        [] { attn::softmax_rows_backward(arma::mat(2, 3, arma::fill::ones) / 3.0, arma::mat(3, 2, arma::fill::zeros)); });
    BOOST_TEST(msg.find("2x3") != std::string::npos, "expected a ShapeError naming A 2x3 and dA 3x2; got '" << msg << "'");
    BOOST_TEST(msg.find("3x2") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== attention_backward
BOOST_AUTO_TEST_SUITE(attention_backward)

namespace {
struct Case {
    arma::mat Q, K, V, G, A;
    bool masked;
    Case(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v, bool mask, int seed) : masked(mask) {
        const attn_test::RandomQKV r(L_Q, L_K, d_k, d_v, seed);
        Q = r.Q, K = r.K, V = r.V;
        G = arma::randn(L_Q, d_v);
        A = masked ? weights_by_loops(Q, K, causal) : weights_by_loops(Q, K, everything);
    }
};

// dQ, dK and dV stacked in one column, as the recogniser compares them.
arma::mat stacked(const arma::mat& dQ, const arma::mat& dK, const arma::mat& dV) {
    return arma::join_cols(arma::vectorise(dQ), arma::vectorise(dK), arma::vectorise(dV));
}
bool same_grads(const arma::mat& a, const arma::mat& b) { return attn_test::same(a, b); }

// The right gradients and every slip's (the list the recogniser compares with, and
// the `distinguishable` suite checks). A slip changes only the gradients it names.
std::pair<arma::mat, std::vector<std::pair<const attn_test::Mistake*, arma::mat>>> backward_variants(const Case& c) {
    const double root = std::sqrt(static_cast<double>(c.K.n_cols));
    const arma::mat dA = c.G * c.V.t();
    arma::mat dS = dA;
    dS.each_col() -= arma::sum(c.A % dA, 1);
    dS = c.A % dS;  // without the 1/sqrt(d_k)
    const arma::mat dV = c.A.t() * c.G;
    const arma::mat right = stacked((dS / root) * c.K, (dS / root).t() * c.Q, dV);
    std::vector<std::pair<const attn_test::Mistake*, arma::mat>> v;
    v.push_back({&m::attention_backward_missing_scale, stacked(dS * c.K, dS.t() * c.Q, dV)});
    const double d_k = static_cast<double>(c.K.n_cols);
    v.push_back({&m::attention_backward_scale_by_d_k, stacked((dS / d_k) * c.K, (dS / d_k).t() * c.Q, dV)});
    const arma::mat skipped = dA / root;  // softmax taken for the identity
    v.push_back({&m::attention_backward_skips_softmax, stacked(skipped * c.K, skipped.t() * c.Q, dV)});
    const double d_v = static_cast<double>(c.V.n_cols);
    if (d_v != d_k)
        v.push_back({&m::attention_backward_scale_by_sqrt_d_v,
                     stacked((dS / std::sqrt(d_v)) * c.K, (dS / std::sqrt(d_v)).t() * c.Q, dV)});
    v.push_back({&m::attention_backward_scale_on_one_side, stacked((dS / root) * c.K, dS.t() * c.Q, dV)});
    v.push_back({&m::attention_backward_scale_on_one_side, stacked(dS * c.K, (dS / root).t() * c.Q, dV)});
    arma::mat by_columns = dA;  // softmax's backward pass with its dot products down the columns
    by_columns.each_row() -= arma::sum(c.A % dA, 0);
    by_columns = c.A % by_columns / root;
    v.push_back({&m::softmax_backward_sums_columns, stacked(by_columns * c.K, by_columns.t() * c.Q, dV)});
    if (c.A.n_rows == c.A.n_cols) {  // the untransposed products fit only when L_Q = L_K
        v.push_back({&m::attention_backward_dv_untransposed,
                     stacked((dS / root) * c.K, (dS / root).t() * c.Q, c.A * c.G)});
        v.push_back({&m::attention_backward_dk_untransposed, stacked((dS / root) * c.K, (dS / root) * c.Q, dV)});
    }
    return {right, v};
}

void report_backward_slips(const attn::AttentionGrads& g, const Case& c) {
    if (g.dQ.n_rows != c.Q.n_rows || g.dQ.n_cols != c.Q.n_cols || g.dK.n_rows != c.K.n_rows ||
        g.dK.n_cols != c.K.n_cols || g.dV.n_rows != c.V.n_rows || g.dV.n_cols != c.V.n_cols)
        return;  // a gradient of the wrong shape: the checks below say which
    const auto [right, variants] = backward_variants(c);
    attn_test::report_the_one_variant(stacked(g.dQ, g.dK, g.dV), right, variants, same_grads);
}

void check_against_differences(const Case& c) {
    const attn::AttentionGrads g = attn::attention_backward(c.Q, c.K, c.V, c.A, c.G);
    report_backward_slips(g, c);
    const arma::mat dQ =
        central_differences(c.Q, [&](const arma::mat& X) { return attention_loss(X, c.K, c.V, c.G, c.masked); });
    const arma::mat dK =
        central_differences(c.K, [&](const arma::mat& X) { return attention_loss(c.Q, X, c.V, c.G, c.masked); });
    const arma::mat dV =
        central_differences(c.V, [&](const arma::mat& X) { return attention_loss(c.Q, c.K, X, c.G, c.masked); });
    BOOST_TEST(matrices_close(g.dQ, dQ, 1e-7, "dQ"));
    BOOST_TEST(matrices_close(g.dK, dK, 1e-7, "dK"));
    BOOST_TEST(matrices_close(g.dV, dV, 1e-7, "dV"));
}
}  // namespace

BOOST_AUTO_TEST_CASE(square_case_matches_central_differences) { check_against_differences(Case(4, 4, 3, 3, false, 101)); }

BOOST_AUTO_TEST_CASE(three_queries_over_five_keys_with_narrow_values) {
    check_against_differences(Case(3, 5, 4, 2, false, 102));
}

BOOST_AUTO_TEST_CASE(causally_masked_weights_need_no_extra_care) {
    check_against_differences(Case(5, 5, 4, 3, true, 103));
}

BOOST_AUTO_TEST_CASE(refuses_weights_of_the_wrong_shape) {
    const Case c(3, 5, 4, 2, false, 104);
    const std::string msg = attn_test::refusal_message<attn::ShapeError>(
        [&] { attn::attention_backward(c.Q, c.K, c.V, c.A.t(), c.G); });
    const bool named = msg.find("5x3") != std::string::npos && msg.find("3x5") != std::string::npos;
    BOOST_TEST(named, "expected a ShapeError naming A 5x3 and the scores' 3x5; got '" << msg << "'");
    const std::string dz = attn_test::refusal_message<attn::ShapeError>(
        [&] { attn::attention_backward(c.Q, c.K, c.V, c.A, arma::mat(3, 4, arma::fill::zeros)); });
    BOOST_TEST(dz.find("3x4") != std::string::npos, "expected a ShapeError naming dZ 3x4; got '" << dz << "'");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== cross_entropy
BOOST_AUTO_TEST_SUITE(cross_entropy)

namespace {
// The loss and its gradient by scalar loops, right (Slip::none) or with one of
// the known slips.
enum class CeSlip { none, summed_over_rows, gradient_not_averaged, without_shift, log_of_softmax, without_onehot, shift_not_added_back, divided_by_entries };

attn::CrossEntropyResult cross_entropy_by_loops(const arma::mat& Z, const std::vector<arma::uword>& t, CeSlip slip) {
    const arma::uword T = Z.n_rows, n = Z.n_cols;
    attn::CrossEntropyResult r;
    r.dlogits.set_size(T, n);
    double total = 0;
    for (arma::uword i = 0; i < T; ++i) {
        double m = -INFINITY;
        for (arma::uword j = 0; j < n; ++j) m = std::max(m, Z(i, j));
        const double shift = slip == CeSlip::without_shift ? 0.0 : m;
        double sum = 0;
        for (arma::uword j = 0; j < n; ++j) sum += std::exp(Z(i, j) - shift);
        for (arma::uword j = 0; j < n; ++j) {
            const double onehot = (j == t[i] && slip != CeSlip::without_onehot) ? 1.0 : 0.0;
            r.dlogits(i, j) = std::exp(Z(i, j) - shift) / sum - onehot;
        }
        if (slip == CeSlip::without_shift || slip == CeSlip::log_of_softmax)
            total += -std::log(std::exp(Z(i, t[i]) - shift) / sum);  // through the probability
        else
            total += (slip == CeSlip::shift_not_added_back ? 0.0 : m) + std::log(sum) - Z(i, t[i]);  // log-sum-exp
    }
    const double rows = static_cast<double>(slip == CeSlip::divided_by_entries ? T * n : T);
    r.loss = slip == CeSlip::summed_over_rows ? total : total / rows;
    if (slip != CeSlip::summed_over_rows && slip != CeSlip::gradient_not_averaged) r.dlogits /= rows;
    return r;
}

// Equal numbers, where NaN equals NaN and an infinity only itself: a slip that
// overflows is recognised by where its NaN and inf land.
bool same_number(double a, double b) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    if (std::isinf(a) || std::isinf(b)) return a == b;
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}
bool same_result(const attn::CrossEntropyResult& a, const attn::CrossEntropyResult& b) {
    if (!same_number(a.loss, b.loss) || a.dlogits.n_rows != b.dlogits.n_rows || a.dlogits.n_cols != b.dlogits.n_cols)
        return false;
    for (arma::uword i = 0; i < a.dlogits.n_elem; ++i)
        if (!same_number(a.dlogits(i), b.dlogits(i))) return false;
    return true;
}

// Every slip's result (the list the recogniser compares with, and the
// `distinguishable` suite checks).
std::vector<std::pair<const attn_test::Mistake*, attn::CrossEntropyResult>> cross_entropy_variants(
    const arma::mat& Z, const std::vector<arma::uword>& t) {
    const std::vector<std::pair<const attn_test::Mistake*, CeSlip>> slips = {
        {&m::cross_entropy_summed_over_rows, CeSlip::summed_over_rows},
        {&m::cross_entropy_gradient_not_averaged, CeSlip::gradient_not_averaged},
        {&m::cross_entropy_without_shift, CeSlip::without_shift},
        {&m::cross_entropy_log_of_softmax, CeSlip::log_of_softmax},
        {&m::cross_entropy_gradient_without_onehot, CeSlip::without_onehot},
        {&m::cross_entropy_shift_not_added_back, CeSlip::shift_not_added_back},
        {&m::cross_entropy_divided_by_entries, CeSlip::divided_by_entries},
    };
    std::vector<std::pair<const attn_test::Mistake*, attn::CrossEntropyResult>> variants;
    for (const auto& [mistake, slip] : slips) variants.push_back({mistake, cross_entropy_by_loops(Z, t, slip)});
    return variants;
}
void report_cross_entropy_slips(const attn::CrossEntropyResult& got, const arma::mat& Z,
                                const std::vector<arma::uword>& t) {
    attn_test::report_the_one_variant(got, cross_entropy_by_loops(Z, t, CeSlip::none), cross_entropy_variants(Z, t),
                                      same_result);
}

// Three rows of very different ranges, five columns, targets not at the maxima.
const arma::mat kLogits = {{0.5, -1.2, 2.0, 0.3, -0.7}, {10.0, 12.5, 9.5, 11.0, 13.0}, {-3.0, -2.0, -4.5, -1.0, -2.5}};
const std::vector<arma::uword> kTargets = {2, 0, 4};

void check_against_loops(const arma::mat& Z, const std::vector<arma::uword>& t, const std::string& what) {
    const attn::CrossEntropyResult got = attn::cross_entropy(Z, t);
    report_cross_entropy_slips(got, Z, t);
    const attn::CrossEntropyResult want = cross_entropy_by_loops(Z, t, CeSlip::none);
    BOOST_TEST(std::isfinite(got.loss), what << ": the loss must be a finite number; got " << got.loss);
    BOOST_TEST(std::abs(got.loss - want.loss) <= 1e-12 * std::max(1.0, std::abs(want.loss)),
               what << ": the loss (the mean over the rows of log sum exp(z) - z_t) should be " << want.loss
                    << "; got " << got.loss);
    BOOST_TEST(matrices_close(got.dlogits, want.dlogits, 1e-12, what + ": dlogits"));
}
}  // namespace

BOOST_AUTO_TEST_CASE(matches_log_sum_exp_by_loops_on_rows_of_different_ranges) {
    check_against_loops(kLogits, kTargets, "three rows");
}

BOOST_AUTO_TEST_CASE(gradient_matches_central_differences) {
    const attn::CrossEntropyResult got = attn::cross_entropy(kLogits, kTargets);
    report_cross_entropy_slips(got, kLogits, kTargets);
    const arma::mat expected = central_differences(
        kLogits, [](const arma::mat& Z) { return cross_entropy_by_loops(Z, kTargets, CeSlip::none).loss; });
    BOOST_TEST(matrices_close(got.dlogits, expected, 1e-8, "dlogits against central differences of the loss"));
}

BOOST_AUTO_TEST_CASE(stays_finite_for_logits_of_1e4) {
    // Row 0: exp(1e4) overflows; row 1: the target's probability, e^(-1e4 - 3), underflows to 0.
    const arma::mat Z = {{1e4, 1e4 - 1, 1e4 - 3, 1e4 - 2}, {0.0, -1e4, 3.0, 1.0}};
    const std::vector<arma::uword> t = {1, 1};
    const attn::CrossEntropyResult got = attn::cross_entropy(Z, t);
    BOOST_TEST(got.dlogits.is_finite(), "every entry of dlogits must stay finite for logits of 1e4 (exp of a logit "
                                        "overflows from about 710 on: shift each row by its maximum first)");
    check_against_loops(Z, t, "logits of 1e4");
    // Row 1 alone costs about 1e4 + 3: the mean is above 5000.
    BOOST_TEST(got.loss > 5000.0, "a target 10003 below the best logit costs about 10003; the mean loss was " << got.loss);
}

BOOST_AUTO_TEST_CASE(uniform_logits_cost_log_n_and_each_gradient_row_sums_to_zero) {
    const arma::mat Z(4, 7, arma::fill::value(2.5));  // every word equally likely
    const std::vector<arma::uword> t = {0, 3, 6, 2};
    const attn::CrossEntropyResult got = attn::cross_entropy(Z, t);
    report_cross_entropy_slips(got, Z, t);
    BOOST_TEST(std::abs(got.loss - std::log(7.0)) < 1e-12,
               "with equal logits each of 7 words has probability 1/7, so the loss is log 7 = " << std::log(7.0)
                                                                                             << "; got " << got.loss);
    BOOST_REQUIRE(got.dlogits.n_rows == 4 && got.dlogits.n_cols == 7);
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
    const arma::mat Z(3, 5, arma::fill::zeros);
    const std::string count = attn_test::refusal_message<attn::ShapeError>([&] { attn::cross_entropy(Z, {0, 1, 2, 3}); });
    BOOST_TEST((count.find("3x5") != std::string::npos && count.find("4x1") != std::string::npos),
               "four targets for three rows: expected a ShapeError naming logits 3x5 and targets 4x1; got '" << count
                                                                                                          << "'");
    const std::string column = attn_test::refusal_message<attn::InputError>([&] { attn::cross_entropy(Z, {0, 1, 7}); });
    BOOST_TEST(column.find("target 7 at row 2, but only 5 columns") != std::string::npos,
               "expected an InputError saying 'target 7 at row 2, but only 5 columns'; got '" << column << "'");
    const std::string none = attn_test::refusal_message<attn::InputError>([] { attn::cross_entropy(arma::mat(0, 5), {}); });
    BOOST_TEST(!none.empty(), "logits with no rows have no loss: expected an InputError");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== numeric_gradient
BOOST_AUTO_TEST_SUITE(numeric_gradient)

namespace {
enum class NgSlip { none, one_sided, entry_not_restored, missing_half, divided_by_2_times_h };

// Differences of f at W by loops, right or with one known slip.
template <class F>
arma::mat differences_by_loops(F f, const arma::mat& W, double h, NgSlip slip) {
    arma::mat at = W, G(W.n_rows, W.n_cols);
    const double here = f(W);
    for (arma::uword i = 0; i < W.n_elem; ++i) {
        at(i) = W(i) + h;
        const double up = f(at);
        if (slip == NgSlip::one_sided) {
            at(i) = W(i);
            G(i) = (up - here) / h;
            continue;
        }
        at(i) = W(i) - h;
        const double down = f(at);
        if (slip != NgSlip::entry_not_restored) at(i) = W(i);
        G(i) = slip == NgSlip::divided_by_2_times_h ? (up - down) / 2 * h : (up - down) / (slip == NgSlip::missing_half ? h : 2 * h);
    }
    return G;
}

// Every slip's result (the list the recogniser compares with, and the
// `distinguishable` suite checks).
template <class F>
std::vector<std::pair<const attn_test::Mistake*, arma::mat>> numeric_gradient_variants(F f, const arma::mat& W, double h) {
    const std::vector<std::pair<const attn_test::Mistake*, NgSlip>> slips = {
        {&m::numeric_gradient_one_sided, NgSlip::one_sided},
        {&m::numeric_gradient_entry_not_restored, NgSlip::entry_not_restored},
        {&m::numeric_gradient_missing_half, NgSlip::missing_half},
        {&m::numeric_gradient_operator_precedence, NgSlip::divided_by_2_times_h},
    };
    std::vector<std::pair<const attn_test::Mistake*, arma::mat>> variants;
    for (const auto& [mistake, slip] : slips) variants.push_back({mistake, differences_by_loops(f, W, h, slip)});
    return variants;
}
bool same_gradient(const arma::mat& a, const arma::mat& b) { return attn_test::same(a, b); }
template <class F>
void report_numeric_gradient_slips(const arma::mat& got, F f, const arma::mat& W, double h) {
    attn_test::report_the_one_variant(got, differences_by_loops(f, W, h, NgSlip::none),
                                      numeric_gradient_variants(f, W, h), same_gradient);
}

// f(W) = sum of W_ij^3 + (C . W)^2: a cubic (central differences are off by
// exactly h^2 on it) plus a term that couples every entry with every other.
const arma::mat kC = {{0.5, -1.0, 2.0}, {1.5, 0.25, -0.75}};
double cubic_and_coupled(const arma::mat& W) {
    double cubes = 0, dot = 0;
    for (arma::uword i = 0; i < W.n_elem; ++i) cubes += W(i) * W(i) * W(i), dot += kC(i) * W(i);
    return cubes + dot * dot;
}
}  // namespace

BOOST_AUTO_TEST_CASE(a_quadratic_form_gets_its_exact_gradient) {
    // f(W) = sum_ij W_ij (A W)_ij for A 3x3 not symmetric; its gradient is (A + A^T) W.
    const arma::mat A = {{1.0, 2.0, -0.5}, {0.0, -1.5, 1.0}, {0.75, 0.5, 2.0}};
    const arma::mat W = {{0.3, -1.1}, {2.0, 0.4}, {-0.7, 1.6}};  // 3x2
    auto f = [&](const arma::mat& X) {
        const arma::mat AX = attn_test::product_by_loops(A, X);
        double s = 0;
        for (arma::uword i = 0; i < X.n_elem; ++i) s += X(i) * AX(i);
        return s;
    };
    const arma::mat got = attn::numeric_gradient(f, W, 1e-4);
    report_numeric_gradient_slips(got, f, W, 1e-4);
    const arma::mat exact = attn_test::product_by_loops(A + A.t(), W);
    BOOST_TEST(matrices_close(got, exact, 1e-9, "the gradient (A + A^T) W of a quadratic form"));
}

BOOST_AUTO_TEST_CASE(on_a_cubic_the_error_is_exactly_h_squared) {
    // ((w + h)^3 - (w - h)^3) / 2h = 3 w^2 + h^2, and the quadratic term comes out exact:
    // what a central difference must give, where a one-sided one errs by about 3 w h.
    const arma::mat W = {{0.8, -1.3, 0.2}, {1.1, -0.4, 2.2}};  // 2x3
    const double h = 1e-2;
    const arma::mat got = attn::numeric_gradient(cubic_and_coupled, W, h);
    report_numeric_gradient_slips(got, cubic_and_coupled, W, h);
    double dot = 0;
    for (arma::uword i = 0; i < W.n_elem; ++i) dot += kC(i) * W(i);
    arma::mat want(2, 3);
    for (arma::uword i = 0; i < W.n_elem; ++i) want(i) = 3 * W(i) * W(i) + h * h + 2 * dot * kC(i);
    BOOST_TEST(matrices_close(got, want, 1e-9, "central differences with h = 0.01 (3 w^2 + h^2 + 2 (C . W) C)"));
}

BOOST_AUTO_TEST_CASE(each_evaluation_moves_exactly_one_entry_by_h) {
    const arma::mat W = {{0.8, -1.3, 0.2}, {1.1, -0.4, 2.2}};
    const double h = 1e-3;
    std::vector<std::string> problems;
    int calls = 0;
    auto f = [&](const arma::mat& X) {
        ++calls;
        int moved = 0;  // entries more than h/2 away from W (rounding in putting one back is not a move)
        bool by_h = true;
        for (arma::uword i = 0; i < W.n_elem; ++i)
            if (std::abs(X(i) - W(i)) > h / 2) ++moved, by_h = by_h && std::abs(std::abs(X(i) - W(i)) - h) < 1e-12;
        if (problems.empty() && (moved != 1 || !by_h))
            problems.push_back("call " + std::to_string(calls) + " saw " + std::to_string(moved) +
                               " entries moved" + (by_h ? "" : ", not each by h"));
        return cubic_and_coupled(X);
    };
    const arma::mat got = attn::numeric_gradient(f, W, h);
    report_numeric_gradient_slips(got, cubic_and_coupled, W, h);
    BOOST_TEST(problems.empty(), "every evaluation must see W with exactly one entry moved by +h or -h (put each "
                                 "entry back before the next); "
                                     << (problems.empty() ? "" : problems[0]));
    BOOST_TEST(calls == 12, "a central difference takes two evaluations per entry, 12 for a 2x3 W; there were " << calls);
}

BOOST_AUTO_TEST_CASE(refuses_a_step_that_is_not_positive_and_finite) {
    const arma::mat W(2, 2, arma::fill::ones);
    auto f = [](const arma::mat& X) { return arma::accu(X); };
    for (const double h : {0.0, -1e-5, static_cast<double>(NAN), static_cast<double>(INFINITY)}) {
        const std::string msg = attn_test::refusal_message<attn::InputError>([&] { attn::numeric_gradient(f, W, h); });
        BOOST_TEST(!msg.empty(), "h = " << h << " is no step: expected an InputError");
    }
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== adam_step
BOOST_AUTO_TEST_SUITE(adam_step)

namespace {
enum class AdamSlip { none, without_bias_correction, correction_without_power, epsilon_inside_sqrt, missing_sqrt, t_minus_one, v_without_square, ascends, v_not_corrected, m_without_one_minus_beta };

struct AdamState {
    arma::mat W, m, v;
};

// One Adam step by a scalar loop of the formula, right or with one known slip.
void adam_by_loops(AdamState& s, const arma::mat& g, long t, double lr, const attn::AdamConstants& c, AdamSlip slip) {
    double c1 = 1 - std::pow(c.beta1, static_cast<double>(t)), c2 = 1 - std::pow(c.beta2, static_cast<double>(t));
    if (slip == AdamSlip::without_bias_correction) c1 = c2 = 1;
    if (slip == AdamSlip::correction_without_power) c1 = 1 - c.beta1, c2 = 1 - c.beta2;
    if (slip == AdamSlip::t_minus_one)
        c1 = 1 - std::pow(c.beta1, static_cast<double>(t - 1)), c2 = 1 - std::pow(c.beta2, static_cast<double>(t - 1));
    if (slip == AdamSlip::v_not_corrected) c2 = 1;
    for (arma::uword i = 0; i < s.W.n_elem; ++i) {
        s.m(i) = c.beta1 * s.m(i) + (slip == AdamSlip::m_without_one_minus_beta ? 1.0 : 1 - c.beta1) * g(i);
        s.v(i) = c.beta2 * s.v(i) + (1 - c.beta2) * g(i) * (slip == AdamSlip::v_without_square ? 1.0 : g(i));
        const double m_hat = s.m(i) / c1, v_hat = s.v(i) / c2;
        double denominator = std::sqrt(v_hat) + c.epsilon;
        if (slip == AdamSlip::epsilon_inside_sqrt) denominator = std::sqrt(v_hat + c.epsilon);
        if (slip == AdamSlip::missing_sqrt) denominator = v_hat + c.epsilon;
        s.W(i) += (slip == AdamSlip::ascends ? 1.0 : -1.0) * lr * m_hat / denominator;
    }
}

AdamState start(const arma::mat& W) { return {W, arma::zeros(arma::size(W)), arma::zeros(arma::size(W))}; }

// Runs `steps` steps (t = 1, 2, ...) of the learner's adam_step and of the loops.
struct Run {
    AdamState got, want;
};
Run run(const arma::mat& W0, const std::vector<arma::mat>& grads, double lr, const attn::AdamConstants& c,
        AdamSlip slip = AdamSlip::none) {
    Run r{start(W0), start(W0)};
    for (std::size_t k = 0; k < grads.size(); ++k) {
        const long t = static_cast<long>(k) + 1;
        if (slip == AdamSlip::none) attn::adam_step(r.got.W, grads[k], r.got.m, r.got.v, t, lr, c);
        adam_by_loops(r.want, grads[k], t, lr, c, slip);
    }
    return r;
}

// Every slip's W after the run (the list the recogniser compares with, and the
// `distinguishable` suite checks).
std::vector<std::pair<const attn_test::Mistake*, arma::mat>> adam_variants(const arma::mat& W0,
                                                                           const std::vector<arma::mat>& grads,
                                                                           double lr, const attn::AdamConstants& c) {
    const std::vector<std::pair<const attn_test::Mistake*, AdamSlip>> slips = {
        {&m::adam_without_bias_correction, AdamSlip::without_bias_correction},
        {&m::adam_bias_correction_without_power, AdamSlip::correction_without_power},
        {&m::adam_epsilon_inside_sqrt, AdamSlip::epsilon_inside_sqrt},
        {&m::adam_missing_sqrt, AdamSlip::missing_sqrt},
        {&m::adam_bias_correction_t_minus_one, AdamSlip::t_minus_one},
        {&m::adam_v_without_square, AdamSlip::v_without_square},
        {&m::adam_step_ascends, AdamSlip::ascends},
        {&m::adam_v_not_corrected, AdamSlip::v_not_corrected},
        {&m::adam_mean_without_one_minus_beta, AdamSlip::m_without_one_minus_beta},
    };
    std::vector<std::pair<const attn_test::Mistake*, arma::mat>> variants;
    for (const auto& [mistake, slip] : slips) variants.push_back({mistake, run(W0, grads, lr, c, slip).want.W});
    return variants;
}
bool same_weights(const arma::mat& a, const arma::mat& b) { return attn_test::alike(a, b); }
void report_adam_slips(const AdamState& got, const arma::mat& W0, const std::vector<arma::mat>& grads, double lr,
                       const attn::AdamConstants& c) {
    attn_test::report_the_one_variant(got.W, run(W0, grads, lr, c).want.W, adam_variants(W0, grads, lr, c), same_weights);
}

std::vector<arma::mat> gradients(arma::uword rows, arma::uword cols, int steps, double size, int seed) {
    arma::arma_rng::set_seed(seed);
    std::vector<arma::mat> g;
    for (int k = 0; k < steps; ++k) g.push_back(arma::randn(rows, cols) * size);
    return g;
}

void check_run(const arma::mat& W0, const std::vector<arma::mat>& grads, double lr, const attn::AdamConstants& c) {
    const Run r = run(W0, grads, lr, c);
    report_adam_slips(r.got, W0, grads, lr, c);
    const std::string after = "after " + std::to_string(grads.size()) + " steps: ";
    BOOST_TEST(matrices_close(r.got.m, r.want.m, 1e-13, after + "m, the running mean of the gradient"));
    BOOST_TEST(matrices_close(r.got.v, r.want.v, 1e-13, after + "v, the running mean of its square"));
    BOOST_TEST(matrices_close(r.got.W, r.want.W, 1e-13, after + "W"));
}
}  // namespace

BOOST_AUTO_TEST_CASE(four_steps_match_the_formula_by_loops) {
    const arma::mat W0 = {{0.5, -1.0, 2.0}, {0.0, 1.5, -0.25}};
    check_run(W0, gradients(2, 3, 4, 1.0, 121), 0.01, attn::AdamConstants{});
}

BOOST_AUTO_TEST_CASE(with_a_large_epsilon_it_is_added_after_the_square_root) {
    // Gradients of about 0.01 and epsilon 0.01: where epsilon goes now shows.
    const arma::mat W0 = {{1.0, 2.0}, {-1.0, 0.5}, {0.25, -2.0}};
    check_run(W0, gradients(3, 2, 3, 0.01, 122), 0.05, attn::AdamConstants{0.9, 0.98, 1e-2});
}

BOOST_AUTO_TEST_CASE(the_first_step_moves_every_entry_by_about_the_learning_rate) {
    // Bias correction at t = 1: m_hat = g and v_hat = g^2, so each entry moves by lr g / (|g| + epsilon),
    // whatever the size of its gradient.
    const arma::mat W0(1, 4, arma::fill::zeros);
    const std::vector<arma::mat> g = {arma::mat{{1e-3, -1.0, 1e2, -1e4}}};
    const double lr = 0.01;
    const Run r = run(W0, g, lr, attn::AdamConstants{});
    report_adam_slips(r.got, W0, g, lr, attn::AdamConstants{});
    BOOST_REQUIRE(r.got.W.n_elem == 4);
    for (arma::uword i = 0; i < 4; ++i) {
        const double move = -r.got.W(i), sign = g[0](i) > 0 ? 1.0 : -1.0;
        BOOST_TEST(std::abs(move - sign * lr) < 1e-5 * lr,
                   "entry " << i << " (gradient " << g[0](i) << ") should move by " << sign * lr
                            << " on the first step; it moved by " << move);
    }
    BOOST_TEST(matrices_close(r.got.m, 0.1 * g[0], 1e-12, "m after one step, (1 - beta1) g"));
    for (arma::uword i = 0; i < 4; ++i)
        BOOST_TEST(std::abs(r.got.v(i) / (g[0](i) * g[0](i)) - 0.02) < 1e-12,
                   "v after one step is (1 - beta2) g^2; at entry " << i << " it is " << r.got.v(i) << " for g = "
                                                                    << g[0](i));
}

BOOST_AUTO_TEST_CASE(refuses_mismatched_shapes_and_a_step_before_one) {
    arma::mat W(2, 3, arma::fill::zeros), m(2, 3, arma::fill::zeros), v(2, 3, arma::fill::zeros);
    arma::mat wrong(3, 2, arma::fill::zeros);
    const std::string g = attn_test::refusal_message<attn::ShapeError>([&] { attn::adam_step(W, wrong, m, v, 1, 0.1); });
    BOOST_TEST((g.find("grad") != std::string::npos && g.find("3x2") != std::string::npos),
               "a gradient 3x2 for W 2x3: expected a ShapeError naming grad 3x2; got '" << g << "'");
    const std::string mv = attn_test::refusal_message<attn::ShapeError>([&] { attn::adam_step(W, m, wrong, v, 1, 0.1); });
    BOOST_TEST(mv.find("3x2") != std::string::npos, "m 3x2 for W 2x3: expected a ShapeError; got '" << mv << "'");
    const std::string vv = attn_test::refusal_message<attn::ShapeError>([&] { attn::adam_step(W, m, v, wrong, 1, 0.1); });
    BOOST_TEST(vv.find("3x2") != std::string::npos, "v 3x2 for W 2x3: expected a ShapeError; got '" << vv << "'");
    const std::string t = attn_test::refusal_message<attn::InputError>([&] { attn::adam_step(W, m, v, v, 0, 0.1); });
    BOOST_TEST(!t.empty(), "t = 0: the steps are counted from 1, expected an InputError");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== learning_rate
BOOST_AUTO_TEST_SUITE(learning_rate)

namespace {
enum class LrSlip { none, max_instead_of_min, warmup_without_decay, counts_from_zero, integer_division, integer_rise, decay_inverted, decay_without_warmup };

double rate_by_formula(long t, double peak, long warmup, LrSlip slip) {
    double s = static_cast<double>(t);
    const double w = static_cast<double>(warmup);
    if (slip == LrSlip::counts_from_zero) s -= 1;
    if (slip == LrSlip::integer_division)
        return peak * std::min(static_cast<double>(t / warmup), std::sqrt(static_cast<double>(warmup / t)));
    double rise = s / w, fall = slip == LrSlip::warmup_without_decay ? 1.0 : std::sqrt(w / s);
    if (slip == LrSlip::integer_rise) rise = static_cast<double>(t / warmup);  // only t / warmup in whole numbers
    if (slip == LrSlip::decay_inverted) fall = std::sqrt(s / w);
    if (slip == LrSlip::decay_without_warmup) fall = 1.0 / std::sqrt(s);
    return peak * (slip == LrSlip::max_instead_of_min ? std::max(rise, fall) : std::min(rise, fall));
}

// Every slip's rates at `steps` (the list the recogniser compares with, and the
// `distinguishable` suite checks).
std::vector<std::pair<const attn_test::Mistake*, arma::mat>> learning_rate_variants(const std::vector<long>& steps,
                                                                                    double peak, long warmup) {
    const std::vector<std::pair<const attn_test::Mistake*, LrSlip>> slips = {
        {&m::learning_rate_max_instead_of_min, LrSlip::max_instead_of_min},
        {&m::learning_rate_warmup_without_decay, LrSlip::warmup_without_decay},
        {&m::learning_rate_counts_from_zero, LrSlip::counts_from_zero},
        {&m::learning_rate_integer_division, LrSlip::integer_division},
        {&m::learning_rate_integer_division, LrSlip::integer_rise},
        {&m::learning_rate_decay_inverted, LrSlip::decay_inverted},
        {&m::learning_rate_decay_without_warmup, LrSlip::decay_without_warmup},
    };
    std::vector<std::pair<const attn_test::Mistake*, arma::mat>> variants;
    for (const auto& [mistake, slip] : slips) {
        arma::vec wrong(steps.size());
        for (std::size_t k = 0; k < steps.size(); ++k) wrong(k) = rate_by_formula(steps[k], peak, warmup, slip);
        variants.push_back({mistake, wrong});
    }
    return variants;
}
arma::mat rates_by_formula(const std::vector<long>& steps, double peak, long warmup) {
    arma::vec right(steps.size());
    for (std::size_t k = 0; k < steps.size(); ++k) right(k) = rate_by_formula(steps[k], peak, warmup, LrSlip::none);
    return right;
}
bool same_rates(const arma::mat& a, const arma::mat& b) { return attn_test::same(a, b); }

// The learner's rates at `steps`, after naming the slip that reproduces them.
arma::vec rates(const std::vector<long>& steps, double peak, long warmup) {
    arma::vec got(steps.size());
    for (std::size_t k = 0; k < steps.size(); ++k) got(k) = attn::learning_rate(steps[k], peak, warmup);
    attn_test::report_the_one_variant(arma::mat(got), rates_by_formula(steps, peak, warmup),
                                      learning_rate_variants(steps, peak, warmup), same_rates);
    return got;
}
}  // namespace

BOOST_AUTO_TEST_CASE(rises_linearly_to_the_peak_at_the_end_of_the_warmup) {
    const std::vector<long> steps = {1, 3, 7, 8};
    const arma::vec got = rates(steps, 0.5, 8);
    for (std::size_t k = 0; k < steps.size(); ++k) {
        const double want = 0.5 * static_cast<double>(steps[k]) / 8.0;
        BOOST_TEST(std::abs(got(k) - want) < 1e-15, "step " << steps[k] << " of an 8-step warm-up to 0.5: expected "
                                                            << want << " (peak * t / warmup); got " << got(k));
    }
}

BOOST_AUTO_TEST_CASE(decays_with_the_inverse_square_root_after_the_warmup) {
    const std::vector<long> steps = {8, 9, 32, 200, 800};
    const arma::vec got = rates(steps, 0.5, 8);
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
    const arma::vec got = rates(steps, peak, 4000);
    for (std::size_t k = 0; k < steps.size(); ++k) {
        const double t = static_cast<double>(steps[k]);
        const double paper = std::pow(512.0, -0.5) * std::min(std::pow(t, -0.5), t * std::pow(4000.0, -1.5));
        BOOST_TEST(std::abs(got(k) - paper) < 1e-12 * paper,
                   "step " << steps[k] << ": the paper's formula gives " << paper << "; got " << got(k));
    }
}

BOOST_AUTO_TEST_CASE(refuses_a_step_or_a_warmup_below_one) {
    for (const auto& step_and_warmup : std::vector<std::pair<long, long>>{{0, 10}, {-3, 10}, {5, 0}, {5, -1}}) {
        const long t = step_and_warmup.first, w = step_and_warmup.second;
        const std::string msg = attn_test::refusal_message<attn::InputError>([&] { attn::learning_rate(t, 0.1, w); });
        BOOST_TEST(!msg.empty(), "t = " << t << ", warmup = " << w << ": expected an InputError");
    }
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== distinguishable
// On every input where the tests above name a slip, each slip's variant (the same
// list the recogniser compares with) differs from the right answer and from every
// other slip's. A variant that gives the right answer on an input shows nothing
// there: the recogniser skips it, and the lists below say which.
BOOST_AUTO_TEST_SUITE(distinguishable)

BOOST_AUTO_TEST_CASE(softmax_rows_backward) {
    using ::softmax_rows_backward::softmax_backward_slips;
    const auto check = [](const std::string& name, const arma::mat& A, const arma::mat& dA,
                          const std::set<std::string>& expected) {
        const auto [right, slips] = softmax_backward_slips(A, dA);
        attn_test::require_slips_apart(name, right, slips, expected);
    };
    arma::arma_rng::set_seed(91);
    const arma::mat S1 = arma::randn(3, 5), dA1 = arma::randn(3, 5);
    check("matches_central_differences_of_softmax_rows", attn::softmax_rows(S1), dA1, {});
    arma::arma_rng::set_seed(92);
    const arma::mat A2 = attn::softmax_rows(arma::randn(4, 3) * 2.0), dA2 = arma::randn(4, 3);
    check("each_row_is_the_jacobian_times_its_row_of_da", A2, dA2, {});
    const arma::mat S3 = {{1.0, -INFINITY, 2.0}, {-INFINITY, -INFINITY, -INFINITY}};
    // Row 1 is fully masked (all weights 0) and row 0 has one key masked: the whole
    // matrix's dot is row 0's, and the column sums happen to give what the diagonal
    // of the Jacobian alone gives. The recogniser names none of these on this input
    // (require_slips_apart checks it); the other inputs name them.
    check("masked_keys_and_fully_masked_rows_get_zero_gradient", attn::softmax_rows(S3),
          {{0.5, 3.0, -1.0}, {1.0, 2.0, 3.0}},
          {"softmax_backward_whole_matrix_dot", "softmax_backward_sums_columns = softmax_backward_diagonal_only"});
}

BOOST_AUTO_TEST_CASE(attention_backward) {
    using namespace ::attention_backward;
    for (const Case& c : {Case(4, 4, 3, 3, false, 101), Case(3, 5, 4, 2, false, 102), Case(5, 5, 4, 3, true, 103)}) {
        const auto [right, variants] = backward_variants(c);
        attn_test::require_variants_apart("L_Q " + std::to_string(c.Q.n_rows) + ", L_K " + std::to_string(c.K.n_rows) +
                                              ", d_k " + std::to_string(c.K.n_cols) + ", d_v " +
                                              std::to_string(c.V.n_cols) + (c.masked ? ", causal" : ""),
                                          right, variants, same_grads);
    }
}

BOOST_AUTO_TEST_CASE(cross_entropy) {
    using namespace ::cross_entropy;
    const auto check = [](const std::string& name, const arma::mat& Z, const std::vector<arma::uword>& t,
                          const std::set<std::string>& expected) {
        attn_test::require_variants_apart(name, cross_entropy_by_loops(Z, t, CeSlip::none), cross_entropy_variants(Z, t),
                                          same_result, expected);
    };
    // Without a shift, or log of a softmax, is right in exact arithmetic: only logits
    // of 1e4 tell them from the right answer, and only there are they named.
    const std::set<std::string> exact = {"cross_entropy_without_shift", "cross_entropy_log_of_softmax"};
    check("three rows of different ranges", kLogits, kTargets, exact);
    check("logits of 1e4", {{1e4, 1e4 - 1, 1e4 - 3, 1e4 - 2}, {0.0, -1e4, 3.0, 1.0}}, {1, 1}, {});
    check("uniform logits", arma::mat(4, 7, arma::fill::value(2.5)), {0, 3, 6, 2}, exact);
}

BOOST_AUTO_TEST_CASE(numeric_gradient) {
    using namespace ::numeric_gradient;
    const arma::mat A = {{1.0, 2.0, -0.5}, {0.0, -1.5, 1.0}, {0.75, 0.5, 2.0}};
    auto quadratic = [&](const arma::mat& X) {
        const arma::mat AX = attn_test::product_by_loops(A, X);
        double s = 0;
        for (arma::uword i = 0; i < X.n_elem; ++i) s += X(i) * AX(i);
        return s;
    };
    const arma::mat W3x2 = {{0.3, -1.1}, {2.0, 0.4}, {-0.7, 1.6}};
    attn_test::require_variants_apart("a quadratic form, h 1e-4", differences_by_loops(quadratic, W3x2, 1e-4, NgSlip::none),
                                      numeric_gradient_variants(quadratic, W3x2, 1e-4), same_gradient);
    const arma::mat W = {{0.8, -1.3, 0.2}, {1.1, -0.4, 2.2}};
    for (double h : {1e-2, 1e-3})
        attn_test::require_variants_apart("the cubic, h " + std::to_string(h),
                                          differences_by_loops(cubic_and_coupled, W, h, NgSlip::none),
                                          numeric_gradient_variants(cubic_and_coupled, W, h), same_gradient);
}

BOOST_AUTO_TEST_CASE(adam_step) {
    using namespace ::adam_step;
    const auto check = [](const std::string& name, const arma::mat& W0, const std::vector<arma::mat>& grads, double lr,
                          const attn::AdamConstants& c, const std::set<std::string>& expected) {
        attn_test::require_variants_apart(name, run(W0, grads, lr, c).want.W, adam_variants(W0, grads, lr, c),
                                          same_weights, expected);
    };
    // With epsilon 1e-8 and gradients of about 1, where epsilon goes is below the
    // tolerance: the large-epsilon input is the one that names it.
    check("four steps", {{0.5, -1.0, 2.0}, {0.0, 1.5, -0.25}}, gradients(2, 3, 4, 1.0, 121), 0.01,
          attn::AdamConstants{}, {"adam_epsilon_inside_sqrt"});
    check("a large epsilon", {{1.0, 2.0}, {-1.0, 0.5}, {0.25, -2.0}}, gradients(3, 2, 3, 0.01, 122), 0.05,
          attn::AdamConstants{0.9, 0.98, 1e-2}, {});
    // At t = 1, 1 - beta^t is 1 - beta: a correction without the power is right there.
    check("the first step", arma::mat(1, 4, arma::fill::zeros), {arma::mat{{1e-3, -1.0, 1e2, -1e4}}}, 0.01,
          attn::AdamConstants{}, {"adam_bias_correction_without_power"});
}

BOOST_AUTO_TEST_CASE(learning_rate) {
    using namespace ::learning_rate;
    const auto check = [](const std::vector<long>& steps, double peak, long warmup, const std::set<std::string>& expected) {
        attn_test::require_variants_apart("steps from " + std::to_string(steps.front()) + ", peak " +
                                              std::to_string(peak) + ", warmup " + std::to_string(warmup),
                                          rates_by_formula(steps, peak, warmup),
                                          learning_rate_variants(steps, peak, warmup), same_rates, expected);
    };
    // Steps within the warm-up: the decay is never the smaller factor, so slips in it
    // show nothing there.
    check({1, 3, 7, 8}, 0.5, 8, {"learning_rate_warmup_without_decay", "learning_rate_decay_inverted"});
    // After the warm-up, a rise t / warmup in whole numbers is still at least 1, never
    // the smaller factor: that variant of integer_division gives the right answer here.
    check({8, 9, 32, 200, 800}, 0.5, 8, {"learning_rate_integer_division"});
    check({1, 100, 3999, 4000, 4001, 20000, 100000}, 1.0 / std::sqrt(512.0 * 4000.0), 4000, {});
}

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
    const attn_test::RandomQKV r(3, 5, 4, 2, 131);
    const arma::mat G = arma::randn(3, 2);
    const tl::GradientCheck c = tl::check_attention_backward(r.Q, r.K, r.V, G);
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
    BOOST_TEST(!thrown_message<attn::InputError>([] { tl::reversal_input({4}, 4); }).empty());
}

BOOST_AUTO_TEST_SUITE_END()
