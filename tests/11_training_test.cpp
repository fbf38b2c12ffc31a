// Chapter 11 tests: one suite per exercise (its name is the exercise's name).
#define BOOST_TEST_MODULE ch11_training
#include <boost/test/unit_test.hpp>

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
#include "contracts/03_softmax.hpp"
#include "mistakes.hpp"
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

// Central differences of f with respect to every entry of X.
template <class F>
arma::mat numeric_gradient(arma::mat X, F f, double h = 1e-6) {
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
void report_softmax_backward_slips(const arma::mat& got, const arma::mat& A, const arma::mat& dA) {
    if (attn_test::same(got, A % dA)) attn_test::report(m::softmax_backward_without_subtraction);
    arma::mat by_columns = dA;
    by_columns.each_row() -= arma::sum(A % dA, 0);
    if (attn_test::same(got, A % by_columns)) attn_test::report(m::softmax_backward_sums_columns);
    arma::mat unweighted = dA;  // dA - rowsum(A % dA), without the leading A %
    unweighted.each_col() -= arma::sum(A % dA, 1);
    if (attn_test::same(got, unweighted)) attn_test::report(m::softmax_backward_missing_weights);
}
}  // namespace

BOOST_AUTO_TEST_CASE(matches_central_differences_of_softmax_rows) {
    arma::arma_rng::set_seed(91);
    const arma::mat S = arma::randn(3, 5), dA = arma::randn(3, 5);
    const arma::mat A = attn::softmax_rows(S);
    const arma::mat got = attn::softmax_rows_backward(A, dA);
    report_softmax_backward_slips(got, A, dA);
    // d/dS of sum(softmax_rows(S) % dA) is exactly what the function must return.
    const arma::mat expected = numeric_gradient(S, [&](const arma::mat& X) {
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
    const std::string msg = thrown_message<attn::ShapeError>(
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

void report_backward_slips(const attn::AttentionGrads& g, const Case& c) {
    const double root = std::sqrt(static_cast<double>(c.K.n_cols));
    const arma::mat dA = c.G * c.V.t();
    arma::mat dS = dA;
    dS.each_col() -= arma::sum(c.A % dA, 1);
    dS = c.A % dS;  // without the 1/sqrt(d_k)
    if (attn_test::same(g.dQ, dS * c.K) && attn_test::same(g.dK, dS.t() * c.Q))
        attn_test::report(m::attention_backward_missing_scale);
    const double d_k = static_cast<double>(c.K.n_cols);
    if (attn_test::same(g.dQ, (dS / d_k) * c.K) && attn_test::same(g.dK, (dS / d_k).t() * c.Q))
        attn_test::report(m::attention_backward_scale_by_d_k);
    const arma::mat skipped = dA / root;  // softmax taken for the identity
    if (attn_test::same(g.dQ, skipped * c.K) && attn_test::same(g.dK, skipped.t() * c.Q))
        attn_test::report(m::attention_backward_skips_softmax);
    if (c.A.n_rows == c.A.n_cols) {
        if (attn_test::same(g.dV, c.A * c.G)) attn_test::report(m::attention_backward_dv_untransposed);
        if (attn_test::same(g.dK, (dS / root) * c.Q)) attn_test::report(m::attention_backward_dk_untransposed);
    }
}

void check_against_differences(const Case& c) {
    const attn::AttentionGrads g = attn::attention_backward(c.Q, c.K, c.V, c.A, c.G);
    report_backward_slips(g, c);
    const arma::mat dQ =
        numeric_gradient(c.Q, [&](const arma::mat& X) { return attention_loss(X, c.K, c.V, c.G, c.masked); });
    const arma::mat dK =
        numeric_gradient(c.K, [&](const arma::mat& X) { return attention_loss(c.Q, X, c.V, c.G, c.masked); });
    const arma::mat dV =
        numeric_gradient(c.V, [&](const arma::mat& X) { return attention_loss(c.Q, c.K, X, c.G, c.masked); });
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
    const std::string msg = thrown_message<attn::ShapeError>(
        [&] { attn::attention_backward(c.Q, c.K, c.V, c.A.t(), c.G); });
    const bool named = msg.find("5x3") != std::string::npos && msg.find("3x5") != std::string::npos;
    BOOST_TEST(named, "expected a ShapeError naming A 5x3 and the scores' 3x5; got '" << msg << "'");
    const std::string dz = thrown_message<attn::ShapeError>(
        [&] { attn::attention_backward(c.Q, c.K, c.V, c.A, arma::mat(3, 4, arma::fill::zeros)); });
    BOOST_TEST(dz.find("3x4") != std::string::npos, "expected a ShapeError naming dZ 3x4; got '" << dz << "'");
}

BOOST_AUTO_TEST_SUITE_END()
