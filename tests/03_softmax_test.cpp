// Chapter 03 tests: softmax, row by row.
// One suite per exercise (its name is the exercise's name).
#define BOOST_TEST_MODULE ch03_softmax
#include <boost/test/unit_test.hpp>

#include <cmath>

#include "attn/errors.hpp"
#include "attn/softmax.hpp"
#include "test_helpers.hpp"

using attn_test::matrices_close;

BOOST_AUTO_TEST_SUITE(softmax_rows)

BOOST_AUTO_TEST_CASE(matches_the_tutorials_row_1_2_3) {
    // independent: exp by hand, e^1, e^2, e^3 over their total
    const double e1 = std::exp(1.0), e2 = std::exp(2.0), e3 = std::exp(3.0), t = e1 + e2 + e3;
    const arma::mat got = attn::softmax_rows(arma::mat{{1.0, 2.0, 3.0}});
    BOOST_TEST(matrices_close(got, arma::mat{{e1 / t, e2 / t, e3 / t}}, 1e-12, "softmax([1,2,3])"));
    BOOST_TEST(matrices_close(got, arma::mat{{0.09, 0.24, 0.67}}, 0.005, "softmax([1,2,3]) to 2 decimals"));
}

BOOST_AUTO_TEST_CASE(each_row_sums_to_one_over_keys) {
    arma::arma_rng::set_seed(5);
    const arma::mat A = attn::softmax_rows(arma::randn(4, 6) * 3.0);
    for (arma::uword i = 0; i < A.n_rows; ++i)
        BOOST_TEST(std::abs(arma::accu(A.row(i)) - 1.0) < 1e-12,
                   "row " << i << " sums to " << arma::accu(A.row(i)) << "; each query's weights must sum to 1 over the keys (rows, not columns)");
}

BOOST_AUTO_TEST_CASE(large_scores_do_not_overflow) {
    const arma::mat A = attn::softmax_rows(arma::mat{{1000.0, 999.0, 998.0}});
    BOOST_TEST(A.is_finite(), "scores near 1000 gave inf or NaN: subtract each row's maximum before exp");
}

BOOST_AUTO_TEST_CASE(masked_keys_get_exactly_zero) {
    const arma::mat A = attn::softmax_rows(arma::mat{{1.0, -INFINITY, 2.0}});
    BOOST_TEST(A(0, 1) == 0.0, "a key at -infinity must get weight exactly 0, got " << A(0, 1));
    BOOST_TEST(std::abs(A(0, 0) + A(0, 2) - 1.0) < 1e-12);
}

BOOST_AUTO_TEST_CASE(fully_masked_row_is_all_zeros) {
    const arma::mat A = attn::softmax_rows(arma::mat{{-INFINITY, -INFINITY}, {0.0, 0.0}});
    BOOST_TEST(A(0, 0) == 0.0, "a row with every key masked attends to nothing: zeros, not NaN");
    BOOST_TEST(A(0, 1) == 0.0, "a row with every key masked attends to nothing: zeros, not NaN");
    BOOST_TEST(A(1, 0) == 0.5);
}

BOOST_AUTO_TEST_CASE(rejects_nan) {
    BOOST_CHECK_THROW(attn::softmax_rows(arma::mat{{1.0, NAN}}), attn::InputError);
}

BOOST_AUTO_TEST_SUITE_END()
