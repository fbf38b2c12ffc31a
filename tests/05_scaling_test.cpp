// Chapter 05 tests: the variance experiment and the scale factor.
// One suite per exercise (its name is the exercise's name); `chapter` holds
// the tests of the chapter's non-exercise code.
//
// Statistical checks use fixed seeds and bounds derived from the sample size:
// for n independent samples of X, the sample variance s^2 has standard error
// sqrt((mu_4 - sigma^4) / n), mu_4 the fourth central moment of X. A check
// passes within 5 standard errors (a false alarm about once in 1.7 million).
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch05_scaling)

#include <cmath>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"
#include "labs/scaling_lab.hpp"
#include "test_helpers.hpp"

using attn_test::matrices_close;
using attn_test::thrown_message;

namespace {

constexpr double kZ = 5;  // standard errors allowed

// Standard error of the sample variance of q . k (n pairs of width d), entries
// independent, mean 0, variance 1, with fourth moment m4 each:
//   a product p = q k has E p^2 = 1 and E p^4 = m4^2, so for X = sum of d products
//   E X^4 = d m4^2 + 3 d (d - 1), Var X = d, and mu_4 - sigma^4 = d m4^2 + 2 d^2 - 3 d.
double variance_se(double d, double n, double m4) { return std::sqrt((d * m4 * m4 + 2 * d * d - 3 * d) / n); }

double dot_by_loop(const arma::mat& Q, const arma::mat& K, arma::uword i) {
    double s = 0;
    for (arma::uword c = 0; c < Q.n_cols; ++c) s += Q(i, c) * K(i, c);
    return s;
}

arma::mat one_by_one(double x) { return arma::mat(1, 1, arma::fill::value(x)); }

// scale_factor's family at d_k = 64, as 1x1 matrices: sqrt(d_k) (the divisor
// itself, not the factor), 1/d_k, and 1 (no scaling).
attn_test::Family scale_factor_family() {
    namespace m = attn_test::mistakes;
    attn_test::Family f("d_k = 64", one_by_one(1.0 / 8.0));
    f.add(m::scale_multiplied, one_by_one(8.0), "sqrt(d_k)")
        .add(m::scale_by_d_k, one_by_one(1.0 / 64.0), "1 / d_k")
        .add(m::no_scaling, one_by_one(1.0), "1");
    return f;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(variance_experiment)

BOOST_AUTO_TEST_CASE(each_query_meets_only_its_own_key) {
    arma::arma_rng::set_seed(51);
    const arma::mat Q = arma::randn(7, 5), K = arma::randn(7, 5);
    const arma::vec got = attn::paired_dot_products(Q, K);
    BOOST_TEST(got.n_elem == 7u, "one dot product per row pair (7); got " << got.n_elem
                                                                        << " (Q * K.t() gives every query against every key)");
    arma::vec expected(7);
    for (arma::uword i = 0; i < 7; ++i) expected(i) = dot_by_loop(Q, K, i);
    BOOST_TEST(matrices_close(got, expected, 1e-12, "q_i . k_i"));
}

BOOST_AUTO_TEST_CASE(rejects_query_and_key_blocks_of_different_shapes) {
    const arma::mat Q(4, 3, arma::fill::ones), K(4, 2, arma::fill::ones);
    const std::string msg = attn_test::shape_error_of([&] { attn::paired_dot_products(Q, K); });
    BOOST_TEST((msg.find("paired_dot_products:") == 0 && msg.find("4x3") != std::string::npos &&
                msg.find("4x2") != std::string::npos),
               "expected a ShapeError naming paired_dot_products, Q 4x3 and K 4x2; got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(sample_variance_divides_by_n_minus_one) {
    // 1, 2, 3, 4: mean 2.5, squared deviations 2.25 + 0.25 + 0.25 + 2.25 = 5, over 3
    const double got = attn::sample_variance(arma::vec{1, 2, 3, 4});
    BOOST_TEST(std::abs(got - 5.0 / 3.0) < 1e-12, "variance of 1,2,3,4 is 5/3 with the n - 1 divisor; got " << got
                                                                                                          << " (5/4 means dividing by n)");
}

BOOST_AUTO_TEST_CASE(sample_variance_ignores_a_large_offset) {
    const double got = attn::sample_variance(arma::vec{1e9 + 1, 1e9 + 2, 1e9 + 3, 1e9 + 4});
    BOOST_TEST(std::abs(got - 5.0 / 3.0) < 1e-6, "adding 1e9 to every value must not change the variance; got " << got);
}

BOOST_AUTO_TEST_CASE(sample_variance_needs_two_values) {
    const std::string msg = attn_test::input_error_of("sample_variance", [] { attn::sample_variance(arma::vec{3.0}); });
    BOOST_TEST(msg.find("sample_variance:") == 0, "one value has no sample variance (n - 1 = 0): expected an InputError naming sample_variance; got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(gaussian_pairs_give_variance_d_k_within_the_sampling_error) {
    // 20,000 Gaussian pairs of width 16: Var(q . k) = 16, and with E x^4 = 3 the
    // standard error is sqrt((16*9 + 2*256 - 48) / 20000) = 0.173.
    arma::arma_rng::set_seed(52);
    const double d = 16, n = 20000;
    const arma::mat Q = arma::randn(20000, 16), K = arma::randn(20000, 16);
    const double v = attn::sample_variance(attn::paired_dot_products(Q, K));
    const double se = variance_se(d, n, 3.0);
    BOOST_TEST(std::abs(v - d) < kZ * se, "Var(q . k) = " << v << ", expected 16 +- " << kZ * se);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(scale_factor)

BOOST_AUTO_TEST_CASE(is_one_over_sqrt_dk) {
    attn_test::recognise(one_by_one(attn::scale_factor(64)), scale_factor_family());
    BOOST_TEST(attn::scale_factor(64) == 0.125, "d_k = 64: divide by 8, multiply by 0.125; got " << attn::scale_factor(64));
    BOOST_TEST(attn::scale_factor(4) == 0.5, "d_k = 4: the factor is 1/sqrt(4) = 0.5; got " << attn::scale_factor(4));
    BOOST_TEST(std::abs(attn::scale_factor(512) - 1.0 / std::sqrt(512.0)) < 1e-15,
               "d_k = 512: the factor is 1/sqrt(512) = " << 1.0 / std::sqrt(512.0) << "; got " << attn::scale_factor(512));
    BOOST_TEST(attn::scale_factor(1) == 1.0, "d_k = 1: the factor is 1; got " << attn::scale_factor(1));
}

BOOST_AUTO_TEST_CASE(brings_the_variance_of_scaled_scores_back_to_one) {
    // Var(c X) = c^2 Var(X) = c^2 d_k must be 1.
    for (arma::uword d : {1u, 3u, 64u, 1000u}) {
        const double c = attn::scale_factor(d);
        BOOST_TEST(std::abs(c * c * static_cast<double>(d) - 1.0) < 1e-12, "d_k = " << d);
    }
}

BOOST_AUTO_TEST_CASE(rejects_zero_width) {
    const std::string msg = attn_test::input_error_of("scale_factor", [] { attn::scale_factor(0); });
    BOOST_TEST(msg.find("scale_factor:") == 0, "d_k = 0 must throw InputError naming scale_factor; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(scaling_questions)

BOOST_AUTO_TEST_CASE(sqrt_dk_is_an_argument_not_a_measurement) {
    BOOST_TEST((attn::why_divide_by_sqrt_dk() == attn::ScalingBasis::argument_under_an_assumption),
               "the divisor comes from a variance calculation under an assumption about the entries, not from trying "
               "divisors (chapter 05, 'Where the divisor comes from')");
}

BOOST_AUTO_TEST_CASE(variance_sigma2_entries_give_d_k_sigma4) {
    BOOST_TEST(std::abs(attn::score_variance(64, 4.0) - 1024.0) < 1e-9,
               "64 terms, each of variance 4 * 4 = 16: 1024; got " << attn::score_variance(64, 4.0));
    BOOST_TEST(std::abs(attn::score_variance(10, 1.0) - 10.0) < 1e-12, "sigma2 = 1 is the chapter's case: d_k");
    BOOST_TEST(std::abs(attn::divisor_for_unit_variance(64, 4.0) - 32.0) < 1e-9,
               "divide by the standard deviation sqrt(1024) = 32; got " << attn::divisor_for_unit_variance(64, 4.0));
    BOOST_TEST(std::abs(attn::divisor_for_unit_variance(64, 1.0) - 8.0) < 1e-12);
}

BOOST_AUTO_TEST_CASE(typical_scores_are_8_at_64_and_23_at_512) {
    BOOST_TEST(std::abs(attn::typical_score_size(64) - 8.0) < 1e-12);
    BOOST_TEST(std::abs(attn::typical_score_size(512) - 22.627417) < 1e-6, "sqrt(512) is about 22.63");
}

BOOST_AUTO_TEST_CASE(sqrt_d_model_shrinks_scores_by_sqrt_heads) {
    const double f = attn::sqrt_d_model_shrink_factor(512, 8);
    BOOST_TEST(std::abs(f - std::sqrt(8.0)) < 1e-12, "sqrt(512) / sqrt(64) = sqrt(8) = 2.83; got " << f);
    BOOST_TEST(std::abs(attn::sqrt_d_model_shrink_factor(768, 12) - std::sqrt(12.0)) < 1e-12);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(chapter)

BOOST_AUTO_TEST_CASE(uniform_entries_have_mean_zero_and_variance_one) {
    attn::scaling_lab::Entries rng(7);
    arma::mat M(200000, 1);
    rng.fill(M);
    // uniform on [-sqrt3, sqrt3]: Var(x) = 1, E x^4 = 9/5, so Var(x^2) = 0.8
    const double n = 200000;
    BOOST_TEST(std::abs(arma::mean(M.col(0))) < kZ * std::sqrt(1.0 / n));
    BOOST_TEST(std::abs(arma::var(M.col(0)) - 1.0) < kZ * std::sqrt(0.8 / n));
    BOOST_TEST(arma::abs(M).max() <= std::sqrt(3.0));
}

BOOST_AUTO_TEST_CASE(measured_variance_is_d_k_within_the_bound_the_sample_size_implies) {
    for (arma::uword d : {1u, 64u, 1024u}) {
        const auto p = attn::scaling_lab::measure_variance(d, 100000, 5);
        const double se = variance_se(static_cast<double>(d), 100000, 9.0 / 5.0);  // uniform entries
        BOOST_TEST(std::abs(p.raw - static_cast<double>(d)) < kZ * se, "d_k = " << d << ": " << p.raw << " +- " << kZ * se);
        BOOST_TEST(std::abs(p.scaled - 1.0) < kZ * se / static_cast<double>(d), "scaled, d_k = " << d << ": " << p.scaled);
        // the standard error the lab reports from the sample agrees with the formula
        BOOST_TEST(std::abs(p.raw_se / se - 1.0) < 0.1, "d_k = " << d);
    }
}

BOOST_AUTO_TEST_CASE(entries_of_variance_sigma2_give_d_k_sigma4) {
    const auto p = attn::scaling_lab::measure_variance(16, 100000, 9, 2.0);
    // entries 2u, u of variance 1: every moment scales, the SE by sigma^4 = 16
    const double se = 16 * variance_se(16, 100000, 9.0 / 5.0);
    BOOST_TEST(std::abs(p.raw - 256.0) < kZ * se, "d_k 16, sigma 2: " << p.raw << " +- " << kZ * se);
}

BOOST_AUTO_TEST_CASE(unscaled_softmax_saturates_and_scaled_does_not) {
    const auto small = attn::scaling_lab::softmax_over_keys(1, 16, 2000, 5);
    const auto big = attn::scaling_lab::softmax_over_keys(512, 16, 2000, 5);
    BOOST_TEST(big.max_raw > 0.9, "unscaled at d_k 512: one key takes almost everything");
    BOOST_TEST(big.max_scaled < 0.35, "scaled: the largest weight stays where it was at small d_k");
    BOOST_TEST(std::abs(big.max_scaled - small.max_scaled) < 0.1);
    BOOST_TEST(big.grad_raw < 0.5 * big.grad_scaled, "a saturated softmax has a small gradient");
    BOOST_TEST(big.entropy_raw < big.entropy_scaled);
}

BOOST_AUTO_TEST_CASE(entropy_and_jacobian_norm_of_known_rows) {
    const arma::rowvec even(16, arma::fill::value(1.0 / 16));
    BOOST_TEST(std::abs(attn::scaling_lab::entropy(even) - std::log(16.0)) < 1e-12);
    arma::rowvec one_hot(16, arma::fill::zeros);
    one_hot(3) = 1;
    BOOST_TEST(attn::scaling_lab::entropy(one_hot) == 0.0);
    BOOST_TEST(attn::scaling_lab::jacobian_norm(one_hot) == 0.0, "a one-hot softmax cannot move: zero gradient");
    // two keys at 1/2: J = [[1/4, -1/4], [-1/4, 1/4]], Frobenius norm 1/2
    BOOST_TEST(std::abs(attn::scaling_lab::jacobian_norm(arma::rowvec{0.5, 0.5}) - 0.5) < 1e-12);
}

BOOST_AUTO_TEST_CASE(sqrt_d_model_flattens_the_weights) {
    const auto m = attn::scaling_lab::divisor_mistake(512, 8, 16, 2000, 5);
    BOOST_TEST(m.d_k == 64u);
    BOOST_TEST(std::abs(m.wrong_divisor / m.right_divisor - std::sqrt(8.0)) < 1e-12);
    BOOST_TEST(std::abs(m.var_wrong * 8 - m.var_right) < 1e-9 * m.var_right, "variance shrinks by 8");
    BOOST_TEST(m.max_wrong < m.max_right);
    BOOST_TEST(m.entropy_wrong > m.entropy_right);
}

BOOST_AUTO_TEST_CASE(figures_hold_every_d_k) {
    std::vector<attn::scaling_lab::VariancePoint> v(3);
    v[0].d_k = 1, v[1].d_k = 2, v[2].d_k = 4;
    const auto fig = attn::scaling_lab::variance_figure(v);
    const auto& c = std::get<attn::plot::LineChart>(fig.panels.at(0));
    BOOST_TEST(c.series.size() == 3u);
    BOOST_TEST(c.series[0].y.back() == 4.0, "the line y = d_k");
    BOOST_TEST((c.log_x && c.log_y));
}

BOOST_AUTO_TEST_SUITE_END()


// Every slip the tests above recognise gives numbers of its own on the input it is
// recognised on (attn_test::coincidences): the proof that a diagnosis is never a guess.
BOOST_AUTO_TEST_SUITE(distinguishable)

BOOST_AUTO_TEST_CASE(scale_factor) { attn_test::require_distinguishable({scale_factor_family()}); }

BOOST_AUTO_TEST_SUITE_END()
