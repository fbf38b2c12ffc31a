// 05_scaling.hpp: the mistakes first met in chapter 05 (scaling), each declared once
// (tests/support/catalogue.hpp says how).
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

// --- scale_factor
ATTN_MISTAKE(scale_factor_integer_division, "scale_factor",
             "the factor came out as 0 (1 for d_k = 1): 1 / d_k with an integer d_k is integer "
             "division, which rounds down to 0 before any square root is taken; divide doubles, "
             "1.0 / std::sqrt(static_cast<double>(d_k)) (chapter 05)");
ATTN_MISTAKE(scale_factor_refuses_width_one, "scale_factor",
             "d_k = 1 was refused, but a key one number wide is a width like any other, whose "
             "factor is 1 / sqrt(1) = 1; only d_k = 0 leaves nothing to divide by. The check is "
             "off by one (d_k < 2, d_k <= 1, or a root that must exceed 1): refuse d_k == 0 "
             "alone, if (d_k == 0) throw InputError(\"scale_factor: d_k must be at least 1\") "
             "(chapter 05)");

ATTN_MISTAKE(factor_kept_from_first_call, "scale_factor",
             "every call returned the factor of an earlier call, whatever its own d_k: the factor was "
             "computed once and kept (static const double f = 1.0 / std::sqrt(...), initialised on "
             "the first call only, or a cache that never looks at d_k again); compute it from the "
             "d_k of each call, return 1.0 / std::sqrt(static_cast<double>(d_k)) (chapter 05)");

// --- variance_experiment: paired_dot_products
ATTN_MISTAKE(paired_all_pairs, "variance_experiment",
             "every query was paired with every key (Q * K.t() is n x n): in the experiment "
             "query i has exactly one key, row i of K, so the result is n numbers, q_i . k_i: "
             "arma::sum(Q % K, 1), or the diagonal of Q K^T (chapter 05)");
ATTN_MISTAKE(paired_summed_over_columns, "variance_experiment",
             "Q % K was added down its columns: arma::sum(M) sums each column, giving one number "
             "per feature; a dot product adds along each row, arma::sum(Q % K, 1), n numbers "
             "(chapter 05)");
ATTN_MISTAKE(paired_mean_not_sum, "variance_experiment",
             "the products q_c k_c were averaged (arma::mean) instead of added: a dot product is "
             "their sum, arma::sum(Q % K, 1); the mean is d_k times smaller (chapter 05)");
ATTN_MISTAKE(paired_shape_checked_in_one_size, "variance_experiment",
             "the shape check of paired_dot_products compared only one of the two sizes ({}): "
             "each query has one key of its own width, so Q and K must agree in both, "
             "Q.n_rows == K.n_rows && Q.n_cols == K.n_cols; a check of the rows alone lets keys of "
             "another width through to the product, and one of the columns alone lets a key too "
             "many or too few through (chapter 05)");

ATTN_MISTAKE(paired_result_sized_by_another_count, "variance_experiment",
             "the result was made with another count than the number of pairs (Q.n_elem, which is "
             "n x d_k, or Q.n_cols, d_k): zeros were left after the n dot products, or the loop "
             "wrote past its end; paired_dot_products gives one dot product per pair, "
             "arma::vec d(Q.n_rows) (chapter 05)");

// --- variance_experiment: sample_variance
ATTN_MISTAKE(sample_variance_divides_by_n, "variance_experiment",
             "the squared deviations were divided by n: the sample variance divides by n - 1, "
             "because the mean was estimated from the same values (arma::var(x), whose default "
             "norm_type 0 does that; arma::var(x, 1) divides by n) (chapter 05)");
ATTN_MISTAKE(sample_variance_mean_not_subtracted, "variance_experiment",
             "the values themselves were squared, not their deviations from the mean: "
             "sum(x_i^2) / (n - 1) measures the spread around 0, so it is too large by n / (n - 1) "
             "times the squared mean; subtract the mean before squaring, m = arma::mean(x), then "
             "arma::accu(arma::square(x - m)) / (n - 1) (chapter 05)");
ATTN_MISTAKE(sample_variance_missing_brackets, "variance_experiment",
             "the division was written / n - 1, which C++ reads as (sum / n) - 1: the divisor "
             "needs brackets, arma::accu(arma::square(x - m)) / (n - 1) (chapter 05)");
ATTN_MISTAKE(sample_variance_one_pass, "variance_experiment",
             "the one-pass formula (the sum of squares minus n times the squared mean) is right "
             "on paper but loses every digit when the mean is large next to the spread (values "
             "near 1e9 differ in their 19th digit): subtract the mean first, then square, "
             "arma::accu(arma::square(x - m)) / (n - 1) (chapter 05)");
ATTN_MISTAKE(sample_variance_not_squared, "variance_experiment",
             "the deviations from the mean were not squared (added as they are, which always "
             "gives 0, or as absolute values): the variance is the sum of (x_i - m)^2 over n - "
             "1, arma::accu(arma::square(x - m)) / (n - 1) (chapter 05)");
ATTN_MISTAKE(sample_variance_mean_over_n_minus_1, "variance_experiment",
             "the mean was divided by n - 1 too (m = sum(x) / (n - 1)): only the sum of squared "
             "deviations takes the n - 1 divisor; the mean is the plain average, m = sum(x) / n "
             "(arma::mean(x)), and then sum((x_i - m)^2) / (n - 1) (chapter 05)");
ATTN_MISTAKE(sample_variance_accepts_one_value, "variance_experiment",
             "a single value was accepted: the check refuses only an empty x (x.n_elem < 1, or "
             "x.is_empty()), one value short, but the sample variance divides by n - 1, which is 0 "
             "for one value, so the result was 0 / 0 (NaN) or a number made up for it; one value "
             "has no spread to estimate. Refuse fewer than two, if (x.n_elem < 2) throw "
             "InputError(\"sample_variance: needs at least 2 values\") (chapter 05)");
ATTN_MISTAKE(sample_variance_sum_skips_a_value, "variance_experiment",
             "a loop in sample_variance left one value out: {} (a loop from i = 1, or one that "
             "stops at i < n - 1); each of the two sums, for the mean and for the squared "
             "deviations, runs over all n values: for (arma::uword i = 0; i < n; ++i)");
ATTN_MISTAKE(sample_variance_in_integers, "variance_experiment",
             "part of the variance was worked out in whole numbers: 1 / (n - 1) with n an "
             "arma::uword (or int) divides integers, 0 for n > 2 (so the variance came out 0), or "
             "a sum kept in an int or long (for the mean or for the squares) drops each value's "
             "fraction as it is added. Keep the sums in a double and divide by a double: "
             "arma::accu(arma::square(x - m)) / (x.n_elem - 1.0) (chapter 05)");
ATTN_MISTAKE(sample_variance_square_root, "variance_experiment",
             "the result is the standard deviation, the square root of the variance: "
             "sample_variance returns the variance itself, sum((x_i - m)^2) / (n - 1), without "
             "std::sqrt (chapter 05)");

// --- scaling_questions
ATTN_MISTAKE(thinks_sqrt_dk_was_measured, "scaling_questions",
             "sqrt(d_k) was not found by trying divisors and keeping the best: it comes from a "
             "variance calculation (Var(q . k) = d_k for entries of mean 0 and variance 1), which "
             "holds as far as its assumption does (chapter 05, 'Where the divisor comes from')");
ATTN_MISTAKE(score_variance_without_sigma_squared, "scaling_questions",
             "each term q_i k_i was given the variance of one entry, sigma2: the product of two "
             "independent mean-0 entries has variance Var(q_i) Var(k_i) = sigma2 * sigma2, so "
             "Var(q . k) = d_k sigma2^2, and the divisor for unit variance is its square root, "
             "sqrt(d_k) * sigma2 (chapter 05)");
ATTN_MISTAKE(sigma_left_out, "scaling_questions",
             "the entries' variance sigma2 was left out: d_k and sqrt(d_k) hold for sigma2 = 1 "
             "only; with entries of variance sigma2, Var(q . k) = d_k sigma2^2 and its square "
             "root is sqrt(d_k) * sigma2 (chapter 05)");
ATTN_MISTAKE(variance_and_standard_deviation_confused, "scaling_questions",
             "a variance was given where its square root, the standard deviation, belongs (or "
             "the other way round): Var(q . k) = d_k sigma2^2, while the typical size of a score "
             "and the number to divide it by are its square root, sqrt(d_k) * sigma2 (chapter "
             "05)");
ATTN_MISTAKE(answer_inverted, "scaling_questions",
             "the answer came out as its reciprocal (1 / x): the divisor is what the score is "
             "divided by, sqrt(d_k) * sigma2, not the factor 1 / sqrt(d_k) that multiplies it, "
             "and dividing by sqrt(d_model) makes the scores sqrt(heads) times smaller, a number "
             "above 1 (chapter 05)");
ATTN_MISTAKE(typical_size_after_scaling, "scaling_questions",
             "the typical size of a raw score is not 1: 1 is its size after dividing by sqrt(d_k); "
             "before, with entries of variance 1, it is the standard deviation sqrt(d_k), 8 at "
             "d_k = 64 (chapter 05)");
ATTN_MISTAKE(shrink_factor_without_sqrt, "scaling_questions",
             "the square root was left out: the scores are divided by sqrt(d_model) instead of "
             "sqrt(d_k), and sqrt(d_model) / sqrt(d_model / heads) = sqrt(heads), about 2.83 for 8 "
             "heads, not 8 (chapter 05)");
ATTN_MISTAKE(shrink_factor_is_sqrt_d_k, "scaling_questions",
             "sqrt(d_k) = sqrt(d_model / heads) is the right divisor itself, not how much smaller "
             "the wrong one makes the scores: that is the ratio of the two divisors, "
             "sqrt(d_model) / sqrt(d_k) = sqrt(heads) (chapter 05)");

}  // namespace attn_test::mistakes
