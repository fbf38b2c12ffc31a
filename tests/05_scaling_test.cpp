// Chapter 05 tests: the variance experiment and the scale factor.
// One suite per exercise (its name is the exercise's name); `chapter` holds the tests
// of the chapter's lab (src/labs/scaling_lab.cpp).
//
// Expected values come from loops and hand-written numbers, never from the code under
// test. Each exercise's diagnosis runs the learner's function on a few inputs and names
// the mistake behind a wrong result (tests/support/diagnosis.hpp); `distinguishable`
// proves that those inputs tell every two declared mistakes apart.
//
// Statistical checks use fixed seeds and bounds derived from the sample size: for n
// independent samples of X, the sample variance s^2 has standard error
// sqrt((mu_4 - sigma^4) / n), mu_4 the fourth central moment of X. A check passes
// within 5 standard errors (a false alarm about once in 1.7 million).
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch05_scaling)

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <tuple>
#include <vector>

#include "check_progress.hpp"
#include "contracts/05_scaling.hpp"
#include "core/errors.hpp"
#include "labs/scaling_lab.hpp"
#include "support/diagnosis.hpp"
#include "support/families.hpp"
#include "support/oracles.hpp"
#include "support/relations.hpp"

using namespace attn_test;
namespace m = attn_test::mistakes;

namespace {

// the contract's shape rules, for a check of other sizes (support/relations.hpp)
[[maybe_unused]] const bool rules_known =
    contract_rules("paired_dot_products", {{"Q", "K", "Q's shape against K's, n x d_k (one pair per row)"}});

constexpr double kZ = 5;  // standard errors allowed

// Standard error of the sample variance of q . k (n pairs of width d), entries
// independent, mean 0, variance 1, with fourth moment m4 each:
//   a product p = q k has E p^2 = 1 and E p^4 = m4^2, so for X = sum of d products
//   E X^4 = d m4^2 + 3 d (d - 1), Var X = d, and mu_4 - sigma^4 = d m4^2 + 2 d^2 - 3 d.
double variance_se(double d, double n, double m4) { return std::sqrt((d * m4 * m4 + 2 * d * d - 3 * d) / n); }

// ---------------------------------------------------------------- scale_factor
Result factor(double c) { return number("factor", c); }

Diagnosis scale_factor_diagnosis() {
    Diagnosis d("scale_factor");
    // d_k = 1: the smallest width, whose factor is 1; 1048576 (1024 squared): a large width, which the contract
    // accepts like any other. The first, 10, is no fixed number's square (2, 8): a factor kept from
    // the first call (the first call of the run, these probes being judged first) is then not
    // what a fixed divisor gives
    const std::vector<arma::uword> widths = {10u, 64u, 4u, 512u, 1u, 1048576u};
    for (std::size_t k = 0; k < widths.size(); ++k) {
        const arma::uword d_k = widths[k];
        const double dk = static_cast<double>(d_k);
        const Result right = factor(1.0 / std::sqrt(dk));
        Probe& p = d.probe("d_k = " + std::to_string(d_k), [d_k] { return factor(attn::scale_factor(d_k)); }, right);
        // the factor of an earlier call returned again (a static computed on the first call, or a
        // cache that ignores d_k): the first probe's own factor there, an earlier probe's after
        if (k == 0) {
            p.variant(m::factor_kept_from_first_call, right);
        } else {
            std::vector<double> earlier;
            for (std::size_t j = 0; j < k; ++j) earlier.push_back(1.0 / std::sqrt(static_cast<double>(widths[j])));
            p.variant_fitting(m::factor_kept_from_first_call, factor(earlier[0]), [earlier](const Result& r) {
                if (r.threw != Threw::nothing || r.parts.size() != 1 || r.parts[0].value.n_elem != 1) return false;
                return std::any_of(earlier.begin(), earlier.end(),
                                   [&](double c) { return agree(r.parts[0].value(0), c, 1e-7); });
            });
        }
        // sqrt(d_k) rounded up (std::ceil, or counting up to the first s with s * s >= d_k) or to
        // the nearest: ways of the integer root whose cut-down way families.hpp declares
        p.variant(mistake_of(Divisor::truncated_sqrt), factor(1.0 / std::ceil(std::sqrt(dk)))).labelled("sqrt(d_k) rounded up");
        p.variant(mistake_of(Divisor::truncated_sqrt), factor(1.0 / std::round(std::sqrt(dk))))
            .labelled("sqrt(d_k) rounded to the nearest");
        p.tol = 1e-7;  // the factor in float is right too
        // the divisor's slips (tests/support/families.hpp), each giving the factor 1 / divisor;
        // a fixed 2 and sqrt(d_k) kept in an integer too
        DivisorSlips fixed;
        fixed.fixed = true;
        fixed.powers = true;
        add_divisor_slips(p, DivisorSizes{dk}, [](const AttentionWay& w) { return factor(1.0 / w.divisor); }, fixed);
        p.variant(m::scale_factor_integer_division, factor(d_k == 1 ? 1.0 : 0.0))  // 1 / 1 is 1 in integers too
            .variant(m::scale_factor_refuses_width_one, d_k == 1 ? Result::throws(Threw::input_error) : right)
            .quantity("d_k", dk);
    }
    return d;
}

// ---------------------------------------------------------------- scaling_questions
Result value(double x) { return number("answer", x); }

Diagnosis score_variance_diagnosis() {
    Diagnosis d("scaling_questions");
    for (const auto& [d_k, s2] : std::vector<std::pair<arma::uword, double>>{{64, 4.0}, {10, 1.0}, {16, 2.25}, {3, 0.5}}) {
        const arma::uword dd = d_k;
        const double sigma2 = s2, dk = static_cast<double>(d_k);
        Probe& p = d.probe("d_k = " + std::to_string(d_k) + ", sigma2 = " + show(sigma2),
                           [dd, sigma2] { return value(attn::score_variance(dd, sigma2)); }, value(dk * sigma2 * sigma2));
        p.variant(m::score_variance_without_sigma_squared, value(dk * sigma2))
            .variant(m::sigma_left_out, value(dk))
            .variant(m::variance_and_standard_deviation_confused, value(std::sqrt(dk) * sigma2));
    }
    return d;
}

Diagnosis divisor_diagnosis() {
    Diagnosis d("scaling_questions");
    for (const auto& [d_k, s2] : std::vector<std::pair<arma::uword, double>>{{64, 4.0}, {10, 1.0}, {16, 2.25}, {3, 0.5}}) {
        const arma::uword dd = d_k;
        const double sigma2 = s2, dk = static_cast<double>(d_k);
        Probe& p = d.probe("d_k = " + std::to_string(d_k) + ", sigma2 = " + show(sigma2),
                           [dd, sigma2] { return value(attn::divisor_for_unit_variance(dd, sigma2)); },
                           value(std::sqrt(dk) * sigma2));
        p.variant(m::score_variance_without_sigma_squared, value(std::sqrt(dk * sigma2)))
            .variant(m::sigma_left_out, value(std::sqrt(dk)))
            .variant(m::variance_and_standard_deviation_confused, value(dk * sigma2 * sigma2))
            .variant(m::answer_inverted, value(1.0 / (std::sqrt(dk) * sigma2)));
    }
    return d;
}

Diagnosis typical_size_diagnosis() {
    Diagnosis d("scaling_questions");
    for (const arma::uword d_k : {64u, 512u, 9u}) {
        const double dk = static_cast<double>(d_k);
        Probe& p = d.probe("d_k = " + std::to_string(d_k), [d_k] { return value(attn::typical_score_size(d_k)); },
                           value(std::sqrt(dk)));
        p.variant(m::variance_and_standard_deviation_confused, value(dk))
            .variant(m::answer_inverted, value(1.0 / std::sqrt(dk)))
            .variant(m::typical_size_after_scaling, value(1.0));
    }
    return d;
}

Diagnosis shrink_diagnosis() {
    Diagnosis d("scaling_questions");
    for (const auto& [d_model, heads] : std::vector<std::pair<arma::uword, arma::uword>>{{512, 8}, {768, 12}, {256, 4}}) {
        const arma::uword dm = d_model, h = heads;
        const double hh = static_cast<double>(heads), d_k = static_cast<double>(d_model / heads);
        Probe& p = d.probe("d_model = " + std::to_string(d_model) + " in " + std::to_string(heads) + " heads",
                           [dm, h] { return value(attn::sqrt_d_model_shrink_factor(dm, h)); }, value(std::sqrt(hh)));
        p.variant(m::shrink_factor_without_sqrt, value(hh))
            .variant(m::answer_inverted, value(1.0 / std::sqrt(hh)))
            .variant(m::shrink_factor_is_sqrt_d_k, value(std::sqrt(d_k)));
    }
    return d;
}

// ---------------------------------------------------------------- variance_experiment
const Axes kPairs = axes("pair", "dot product");

// q_i . k_i for every i, by loops.
arma::mat paired_by_loops(const arma::mat& Q, const arma::mat& K) {
    arma::mat out(Q.n_rows, 1, arma::fill::zeros);
    for (arma::uword i = 0; i < Q.n_rows; ++i)
        for (arma::uword c = 0; c < Q.n_cols; ++c) out(i) += Q(i, c) * K(i, c);
    return out;
}

Diagnosis paired_diagnosis() {
    Diagnosis d("variance_experiment", "paired_dot_products");
    arma::arma_rng::set_seed(51);
    const arma::mat Q7 = arma::randn(7, 5), K7 = arma::randn(7, 5);
    const arma::mat Q1 = {{0.5, -1.5, 2.0}}, K1 = {{1.5, 0.25, -0.75}};
    const arma::mat Q4 = arma::colvec{1.0, -2.0, 0.5, 3.0}, K4 = arma::colvec{2.0, 0.5, -4.0, 1.5};
    // the first one's shapes with other values: a result kept for those shapes shows
    const arma::mat Q7b = arma::randn(7, 5) * 2.0, K7b = arma::randn(7, 5);
    for (const auto& [input, Q, K] : std::vector<std::tuple<std::string, arma::mat, arma::mat>>{
             {"7 pairs of width 5", Q7, K7}, {"1 pair of width 3", Q1, K1}, {"4 pairs of width 1", Q4, K4},
             {"7 other pairs of width 5", Q7b, K7b}}) {
        const arma::mat q = Q, k = K;
        const auto as = [](const arma::mat& v) { return result("q . k", v, kPairs); };
        Probe& p = d.probe(input, [q, k, as] { return as(attn::paired_dot_products(q, k)); }, as(paired_by_loops(q, k)));
        const arma::uword n = q.n_rows, dk = q.n_cols;
        const arma::mat all = product_by_loops(q, k.t());  // n x n: every query against every key
        const Result column_refused = Result::throws(Threw::armadillo_size, "column vector layout");
        p.variant(m::paired_all_pairs, n == 1 ? as(all) : column_refused).labelled("Q * K.t()")
            .variant(m::paired_all_pairs, as(arma::vectorise(all))).labelled("arma::vectorise(Q * K.t())")
            .variant(m::paired_all_pairs, as(arma::sum(all, 1))).labelled("arma::sum(Q * K.t(), 1)");
        arma::mat columns(dk, 1, arma::fill::zeros);  // Q % K added down each column
        for (arma::uword c = 0; c < dk; ++c)
            for (arma::uword i = 0; i < n; ++i) columns(c) += q(i, c) * k(i, c);
        p.variant(m::paired_summed_over_columns, dk == 1 ? as(columns) : column_refused).labelled("arma::sum(Q % K)")
            .variant(m::paired_summed_over_columns, as(columns)).labelled("arma::sum(Q % K).t()")
            .variant(m::paired_mean_not_sum, as(paired_by_loops(q, k) / static_cast<double>(dk)));
        // the result sized by another count than n (Q.n_elem, Q.n_cols), filled by a loop over the
        // pairs: zeros after the n dot products, or an index past the end where it is shorter
        for (const auto& [size, how] : std::vector<std::pair<arma::uword, const char*>>{{n * dk, "arma::vec d(Q.n_elem)"},
                                                                                      {dk, "arma::vec d(Q.n_cols)"}}) {
            if (size < n) {
                p.variant(m::paired_result_sized_by_another_count,
                          Result::throws(Threw::armadillo_index, "index out of bounds"))
                    .labelled(how);
                continue;
            }
            arma::mat sized(size, 1, arma::fill::zeros);
            sized.rows(0, n - 1) = paired_by_loops(q, k);
            p.variant(m::paired_result_sized_by_another_count, as(sized)).labelled(how);
        }
        // one matrix twice, the other never used (sum(Q % Q, 1), a copied line)
        p.on_other_input(as(paired_by_loops(q, q)), "Q in place of K: each query dotted with itself, K never used")
            .on_other_input(as(paired_by_loops(k, k)), "K in place of Q: each key dotted with itself, Q never used");
        p.quantity("d_k", static_cast<double>(dk));
    }
    return d;
}

// The mean and the sum of squared deviations of x, by loops.
std::pair<double, double> mean_and_squares(const arma::vec& x) {
    double mean = 0, squares = 0;
    for (const double v : x) mean += v;
    mean /= static_cast<double>(x.n_elem);
    for (const double v : x) squares += (v - mean) * (v - mean);
    return {mean, squares};
}

Diagnosis sample_variance_diagnosis() {
    Diagnosis d("variance_experiment", "sample_variance");
    arma::arma_rng::set_seed(53);
    const arma::vec spread = 3.0 + 2.0 * arma::randn(40);
    for (const auto& [input, x] : std::vector<std::pair<std::string, arma::vec>>{
             {"1, 2, 3, 4", arma::vec{1, 2, 3, 4}},
             {"1e9 + 1, 1e9 + 2, 1e9 + 3, 1e9 + 4", arma::vec{1e9 + 1, 1e9 + 2, 1e9 + 3, 1e9 + 4}},
             // a mean of 1e5 + 0.5, which a float holds exactly: only the one-pass formula loses digits here
             {"1e5 + 0.1, 1e5 + 0.7, 1e5 + 0.3, 1e5 + 0.9", arma::vec{1e5 + 0.1, 1e5 + 0.7, 1e5 + 0.3, 1e5 + 0.9}},
             {"40 values near 3", spread},
             {"2 and 9", arma::vec{2, 9}}}) {
        const arma::vec xx = x;
        const double n = static_cast<double>(x.n_elem);
        const auto [mean, squares] = mean_and_squares(x);
        const double right = squares / (n - 1);
        Probe& p = d.probe(input, [xx] { return value(attn::sample_variance(xx)); }, value(right));
        double absolute = 0, sum_sq = 0, total = 0, off_mean = 0;
        for (const double v : x) absolute += std::abs(v - mean), sum_sq += v * v, total += v;
        // the mean divided by n - 1 as well: the deviations from a mean n / (n - 1) times too large
        const double wrong_mean = total / (n - 1);
        for (const double v : x) off_mean += (v - wrong_mean) * (v - wrong_mean);
        p.variant(m::sample_variance_divides_by_n, value(squares / n))
            .variant(m::sample_variance_missing_brackets, value(squares / n - 1))
            .variant(m::sample_variance_square_root, value(std::sqrt(right)))
            .variant(m::sample_variance_mean_over_n_minus_1, value(off_mean / (n - 1)))
            .variant(m::sample_variance_mean_not_subtracted, value(sum_sq / (n - 1)))
            .variant(m::sample_variance_not_squared, value(absolute / (n - 1))).labelled("abs(x_i - m)")
            .variant_fitting(m::sample_variance_not_squared, value(0.0),
                             [](const Result& r) {
                                 return r.threw == Threw::nothing && r.parts.size() == 1 &&
                                        r.parts[0].value.n_elem == 1 && std::abs(r.parts[0].value(0)) < 1e-6;
                             })
            .labelled("x_i - m");
        // the one-pass formula: right where the mean is small next to the spread, and
        // digits lost (any wrong number) where it is not; alone, and as the population
        // variance E[x^2] - E[x]^2 (divided by n too: named by that slip)
        const auto one_pass = [&](const Mistake& mk, double divisor, const char* how, bool alone) {
            const double ok = squares / divisor, got = (sum_sq - n * mean * mean) / divisor;
            if (agree(got, ok, 1e-9)) {
                p.variant(mk, value(ok)).labelled(how);
            } else {
                p.variant_fitting(mk, value(got), [ok, right](const Result& r) {
                    return r.threw == Threw::nothing && r.parts.size() == 1 && r.parts[0].value.n_elem == 1 &&
                           !agree(r.parts[0].value(0), ok) && !agree(r.parts[0].value(0), right);
                }).labelled(how);
            }
            if (!alone) p.combined();
        };
        // whole numbers: 1 / (n - 1) of integers (0 for n > 2, 1 for n = 2), or a sum kept in
        // a long (each value's fraction dropped as it is added): for the mean, or for the squares
        p.variant(m::sample_variance_in_integers, value(x.n_elem == 2 ? right : 0.0)).labelled("1 / (n - 1)");
        {
            long whole = 0;
            for (const double v : x) whole = static_cast<long>(static_cast<double>(whole) + v);
            const double m_int = static_cast<double>(whole) / n;
            double sq = 0;
            long sq_int = 0;
            for (const double v : x) {
                sq += (v - m_int) * (v - m_int);
                sq_int = static_cast<long>(static_cast<double>(sq_int) + (v - mean) * (v - mean));
            }
            p.variant(m::sample_variance_in_integers, value(sq / (n - 1))).labelled("the sum for the mean in a long");
            p.variant(m::sample_variance_in_integers, value(static_cast<double>(sq_int) / (n - 1)))
                .labelled("the sum of squares in a long");
        }
        // a sum that leaves out the first or the last value: the mean's (still divided by n),
        // or the squared deviations'
        {
            const arma::uword N = x.n_elem;
            const double m_from_1 = arma::accu(x.subvec(1, N - 1)) / n, m_to_last = arma::accu(x.subvec(0, N - 2)) / n;
            const auto squares_about = [&](double c, arma::uword from, arma::uword to) {
                double s = 0;
                for (arma::uword i = from; i < to; ++i) s += (x(i) - c) * (x(i) - c);
                return s / (n - 1);
            };
            p.variant(m::sample_variance_sum_skips_a_value, value(squares_about(mean, 1, N)), "the first squared deviation")
                .labelled("squares from i = 1");
            p.variant(m::sample_variance_sum_skips_a_value, value(squares_about(mean, 0, N - 1)), "the last squared deviation")
                .labelled("squares to n - 1");
            p.variant(m::sample_variance_sum_skips_a_value, value(squares_about(m_from_1, 0, N)), "the first value, from the mean")
                .labelled("mean from i = 1");
            p.variant(m::sample_variance_sum_skips_a_value, value(squares_about(m_to_last, 0, N)), "the last value, from the mean")
                .labelled("mean to n - 1");
        }
        one_pass(m::sample_variance_one_pass, n - 1, "(sum x^2 - n m^2) / (n - 1)", true);
        one_pass(m::sample_variance_divides_by_n, n, "sum x^2 / n - m^2", false);
        p.quantity("n", n).quantity("n - 1", n - 1);
    }
    return d;
}

}  // namespace

// ==================================================================== variance_experiment
BOOST_AUTO_TEST_SUITE(variance_experiment)

BOOST_AUTO_TEST_CASE(each_query_meets_only_its_own_key) {
    // 7 pairs of width 5, one pair of width 3, 4 pairs of width 1
    paired_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(sample_variance_divides_by_n_minus_one) {
    // 1, 2, 3, 4 (5/3), the same near 1e9, four values near 1e5, 40 values near 3, and two values
    sample_variance_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(rejects_query_and_key_blocks_of_different_shapes) {
    if (!results_right(paired_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once each_query_meets_only_its_own_key passes");
        return;
    }
    const arma::mat Q(4, 3, arma::fill::ones), K(4, 2, arma::fill::ones), K5(5, 3, arma::fill::ones);
    // a check of one size: refuses K of another length and not of another width, or the other way
    auto own = [&](const arma::mat& k) {
        const Result r = attempt([&] {
            attn::paired_dot_products(Q, k);
            return Result{};
        });
        return r.threw == Threw::shape_error && r.message.rfind("paired_dot_products:", 0) == 0;
    };
    const bool width_refused = own(K), length_refused = own(K5);
    if (width_refused != length_refused)
        return report(m::paired_shape_checked_in_one_size,
                      width_refused ? "K 5x3 for Q 4x3, a key too many, got past it, while K 4x2 of another width was refused"
                                    : "K 4x2 for Q 4x3, keys of another width, got past it, while K 5x3 of another "
                                      "length was refused");
    std::string msg = refusal_of<attn::ShapeError>("paired_dot_products", [&] { attn::paired_dot_products(Q, K); }, {},
                                                   "Q of 4x3 with K of 4x2");
    if (msg.empty()) return;
    BOOST_TEST((msg.find("4x3") != std::string::npos && msg.find("4x2") != std::string::npos),
               "the message should give Q 4x3 and K 4x2; got '" << msg << "'");
    // one key more than queries: nothing in a loop over the queries notices
    msg = refusal_of<attn::ShapeError>("paired_dot_products", [&] { attn::paired_dot_products(Q, K5); }, {},
                                       "Q of 4x3 with K of 5x3 (a key too many)");
    if (msg.empty()) return;
    // as many numbers in another shape (Q 4x3, K 3x4): a check of n_elem lets it through
    msg = refusal_of<attn::ShapeError>("paired_dot_products", [&] { attn::paired_dot_products(Q, arma::mat(Q.t())); }, {},
                                       "Q of 4x3 with K of 3x4 (as many entries, another shape)");
}

BOOST_AUTO_TEST_CASE(no_pairs_are_accepted) {
    // Q and K of the same shape are all the contract asks: 0 pairs (0x3, or 0x0) give no numbers
    // (pairs of width 0 are left alone: Armadillo's own Q * K.t() of 4x0 by 0x4 comes back 0x0)
    if (!results_right(paired_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once each_query_meets_only_its_own_key passes");
        return;
    }
    for (const auto& [n, d] : std::vector<std::pair<arma::uword, arma::uword>>{{0, 3}, {0, 0}}) {
        const arma::mat Q(n, d, arma::fill::ones), K(n, d, arma::fill::ones);
        const std::string input = "Q " + attn::shape_of(Q) + " and K " + attn::shape_of(K);
        const Result got = attempt([&] { return result("q . k", arma::mat(attn::paired_dot_products(Q, K)), kPairs); });
        if (refused_valid_input(got, "paired_dot_products", input)) return;
        const std::string instead = unless_shape(got, "q . k", n, 1);
        const arma::mat v = instead.empty() ? got.parts.at(0).value : arma::mat();
        const bool zeros = v.n_elem == 0 || arma::abs(v).max() == 0.0;
        BOOST_TEST((instead.empty() && zeros),
                   input << " must give " << n << " dot products" << (n ? ", each 0" : "")
                         << ", without an error (the contract refuses only Q and K of different shapes); got "
                         << (instead.empty() ? "an entry of " + show(v.n_elem ? arma::abs(v).max() : 0.0) : instead));
    }
}

BOOST_AUTO_TEST_CASE(sample_variance_ignores_a_large_offset) {
    // a divisor slip is named by the diagnosis, and the numbers here would only say it again
    // (5/4 for n, 5/2 for n - 2) under words about the one-pass formula
    if (!results_right(sample_variance_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once sample_variance_divides_by_n_minus_one passes");
        return;
    }
    const double got = attn::sample_variance(arma::vec{1e9 + 1, 1e9 + 2, 1e9 + 3, 1e9 + 4});
    BOOST_TEST(std::abs(got - 5.0 / 3.0) < 1e-6,
               "adding 1e9 to every value must not change the variance, 5/3 (the contract asks for the mean to be "
               "subtracted first: the one-pass sum of squares loses every digit here); got "
                   << got);
}

BOOST_AUTO_TEST_CASE(sample_variance_needs_two_values) {
    if (!results_right(sample_variance_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once sample_variance_divides_by_n_minus_one passes");
        return;
    }
    // one value let through while no value is refused with the function's own InputError: a
    // check one short (n < 1 where the divisor n - 1 needs n >= 2)
    const Result one = attempt([] { return value(attn::sample_variance(arma::vec{3.0})); });
    if (one.threw == Threw::nothing) {
        const Result none = attempt([] { return value(attn::sample_variance(arma::vec())); });
        if (none.threw == Threw::input_error && none.message.rfind("sample_variance:", 0) == 0)
            return report(m::sample_variance_accepts_one_value,
                          "sample_variance({3}) returned " + show(one.parts.at(0).value(0)) + ", while an empty x was refused");
    }
    const std::string msg = refusal_of<attn::InputError>("sample_variance", [] { attn::sample_variance(arma::vec{3.0}); },
                                                                 {}, "one value, {3}");
    if (msg.empty()) return;
    refusal_of<attn::InputError>("sample_variance", [] { attn::sample_variance(arma::vec()); }, {}, "no value");
}

BOOST_AUTO_TEST_CASE(gaussian_pairs_give_variance_d_k_within_the_sampling_error) {
    // 4,000 Gaussian pairs of width 16: Var(q . k) = 16, and with E x^4 = 3 the
    // standard error is sqrt((16*9 + 2*256 - 48) / 4000) = 0.390. (Only once both
    // functions are right on small inputs; and few enough pairs that a right version
    // that forms Q * K.t() on the way still fits in memory.)
    if (!results_right(paired_diagnosis()) || !results_right(sample_variance_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once each_query_meets_only_its_own_key and sample_variance_divides_by_n_minus_one pass");
        return;
    }
    arma::arma_rng::set_seed(52);
    const double d = 16, n = 4000;
    const arma::mat Q = arma::randn(4000, 16), K = arma::randn(4000, 16);
    const double v = attn::sample_variance(attn::paired_dot_products(Q, K));
    const double se = variance_se(d, n, 3.0);
    BOOST_TEST(std::abs(v - d) < kZ * se, "Var(q . k) = " << v << ", expected 16 +- " << kZ * se);
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== scale_factor
BOOST_AUTO_TEST_SUITE(scale_factor)

BOOST_AUTO_TEST_CASE(is_one_over_sqrt_dk) {
    // d_k = 64 (0.125), 4 (0.5), 512, 10 and 1 (1)
    scale_factor_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(brings_the_variance_of_scaled_scores_back_to_one) {
    // Var(c X) = c^2 Var(X) = c^2 d_k must be 1.
    for (arma::uword d : {1u, 3u, 64u, 1000u}) {
        const double c = attn::scale_factor(d);
        BOOST_TEST(std::abs(c * c * static_cast<double>(d) - 1.0) < 1e-6, "d_k = " << d << ": c^2 d_k = " << c * c * static_cast<double>(d));
    }
}

BOOST_AUTO_TEST_CASE(rejects_zero_width) {
    if (!results_right(scale_factor_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once is_one_over_sqrt_dk passes");
        return;
    }
    const std::string msg = refusal_of<attn::InputError>("scale_factor", [] { attn::scale_factor(0); });
    if (msg.empty()) return;
    BOOST_TEST(msg.find("scale_factor:") == 0, "d_k = 0 must throw InputError naming scale_factor; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== scaling_questions
BOOST_AUTO_TEST_SUITE(scaling_questions)

BOOST_AUTO_TEST_CASE(sqrt_dk_is_an_argument_not_a_measurement) {
    judge_answer<attn::ScalingBasis>("where does the sqrt(d_k) come from?", attn::why_divide_by_sqrt_dk(),
                                     attn::ScalingBasis::argument_under_an_assumption,
                                     {{attn::ScalingBasis::measured_best_divisor, &m::thinks_sqrt_dk_was_measured}}, "");
}

BOOST_AUTO_TEST_CASE(variance_sigma2_entries_give_d_k_sigma4) {
    judge_answers(score_variance_diagnosis(), "score_variance",
                  "d_k independent terms, each of variance sigma2 * sigma2; chapter 05");
}

BOOST_AUTO_TEST_CASE(dividing_by_sqrt_d_k_sigma2_gives_unit_variance) {
    judge_answers(divisor_diagnosis(), "divisor_for_unit_variance",
                  "divide by the standard deviation, sqrt(d_k sigma2^2) = sqrt(d_k) sigma2; chapter 05");
}

BOOST_AUTO_TEST_CASE(typical_scores_are_8_at_64_and_23_at_512) {
    judge_answers(typical_size_diagnosis(), "typical_score_size",
                  "the standard deviation of a sum of d_k terms of variance 1, sqrt(d_k); chapter 05");
}

BOOST_AUTO_TEST_CASE(sqrt_d_model_shrinks_scores_by_sqrt_heads) {
    judge_answers(shrink_diagnosis(), "sqrt_d_model_shrink_factor",
                  "sqrt(d_model) / sqrt(d_model / heads) = sqrt(heads), 2.83 for 512 in 8 heads; chapter 05");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== chapter
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

// The inputs of each diagnosis tell every two declared mistakes apart, each variant
// shows, and each is named as itself: the proof that a name is never a guess.
BOOST_AUTO_TEST_SUITE(distinguishable)

BOOST_AUTO_TEST_CASE(scale_factor) { scale_factor_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(variance_experiment) {
    paired_diagnosis().require_distinguishable();
    sample_variance_diagnosis().require_distinguishable();
}
BOOST_AUTO_TEST_CASE(scaling_questions) {
    score_variance_diagnosis().require_distinguishable();
    divisor_diagnosis().require_distinguishable();
    typical_size_diagnosis().require_distinguishable();
    shrink_diagnosis().require_distinguishable();
}

BOOST_AUTO_TEST_SUITE_END()
