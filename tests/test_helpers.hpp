// test_helpers.hpp: one way to compare matrices, for every test module.
//
// On a mismatch the message names the worst cell (row, col), the expected
// and the actual value, and the tolerance, so a learner sees where to look.
#pragma once

#include <armadillo>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <sstream>
#include <string>

#include "check_progress.hpp"

namespace attn_test {

// Absolute tolerance: probabilities live near 0, where relative error misleads.
inline boost::test_tools::predicate_result matrices_close(const arma::mat& actual, const arma::mat& expected,
                                                          double tol, const std::string& what = "result") {
    boost::test_tools::predicate_result res(true);
    if (actual.n_rows != expected.n_rows || actual.n_cols != expected.n_cols) {
        res = false;
        res.message() << what << " has shape " << attn::shape_of(actual) << ", expected " << attn::shape_of(expected);
        return res;
    }
    double worst = -1;
    arma::uword wr = 0, wc = 0;
    for (arma::uword r = 0; r < actual.n_rows; ++r)
        for (arma::uword c = 0; c < actual.n_cols; ++c) {
            const double a = actual(r, c), e = expected(r, c);
            double err;
            if (std::isnan(a) != std::isnan(e)) err = INFINITY;
            else if (std::isinf(a) || std::isinf(e)) err = (a == e) ? 0 : INFINITY;
            else err = std::abs(a - e);
            if (err > worst) worst = err, wr = r, wc = c;
        }
    if (worst > tol) {
        res = false;
        std::ostringstream s;
        s.precision(6);
        s << what << " differs at row " << wr << ", column " << wc << " (0-based): expected " << expected(wr, wc)
          << ", got " << actual(wr, wc) << " (tolerance " << tol << ")";
        res.message() << s.str();
    }
    return res;
}

// A B by three plain loops over scalars: an expected value that does not go
// through the matrix code under test.
inline arma::mat product_by_loops(const arma::mat& A, const arma::mat& B) {
    arma::mat C(A.n_rows, B.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < A.n_rows; ++i)
        for (arma::uword j = 0; j < B.n_cols; ++j)
            for (arma::uword k = 0; k < A.n_cols; ++k) C(i, j) += A(i, k) * B(k, j);
    return C;
}

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

}  // namespace attn_test
