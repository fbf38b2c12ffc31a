// Chapter 10 tests: layer norm (forward and backward), the feed-forward layer, and the
// encoder and decoder blocks. One suite per exercise (its name is the exercise's name);
// `chapter` holds the tests of the chapter's lab.
//
// Dimension legend: T = rows (tokens), d_model = token width, d_ff = feed-forward width,
// L_dec and L_enc = decoder and encoder tokens. Rows are tokens, columns are features.
//
// Every expected value is computed here by scalar loops (tests/support/oracles.hpp's
// layer norm and attention, the feed-forward layer, and the blocks composed from them),
// never by the code under test; the backward pass is also held against central
// differences of the loop version. Each exercise's first check runs the learner's
// function on a few inputs and names the mistake behind a wrong result
// (tests/support/diagnosis.hpp); `distinguishable` proves that those inputs tell every
// two declared mistakes apart.
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch10_transformer_blocks)

#include <cmath>
#include <functional>
#include <string>
#include <tuple>
#include <vector>
#include <utility>

#include "check_progress.hpp"
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"
#include "core/shape.hpp"
#include "core/worked_example.hpp"
#include "labs/transformer_blocks_lab.hpp"
#include "support/diagnosis.hpp"
#include "support/families.hpp"
#include "support/oracles.hpp"
#include "support/relations.hpp"

using namespace attn_test;
namespace m = attn_test::mistakes;

namespace {

// the contract's shape rules, for a check of other sizes (support/relations.hpp)
[[maybe_unused]] const bool rules_known =
    contract_rules("layer_norm", {{"X", "gain", "X's columns against gain's length, d_model"},
                                  {"X", "bias", "X's columns against bias's length, d_model"}}) &&
    contract_rules("layer_norm_backward",
                   {{"dY", "xhat", "dY's shape against xhat's, T x d_model"},
                    {"inv_std", "xhat", "inv_std's length against xhat's rows, T (one entry per token)"},
                    {"gain", "xhat", "gain's length against xhat's columns, d_model"}}) &&
    contract_rules("feed_forward", {{"X", "W_1", "X's columns against W_1's rows, d_model"},
                                    {"b_1", "W_1", "b_1's length against W_1's columns, d_ff"},
                                    {"W_2", "W_1", "W_2's rows against W_1's columns, d_ff"},
                                    {"b_2", "W_2", "b_2's length against W_2's columns, d_model"}});

std::string shape(arma::uword r, arma::uword c) { return std::to_string(r) + "x" + std::to_string(c); }

const Axes kFeatures = axes("token", "feature");

// ================================================================= layer_norm
// What layer_norm gave: y and xhat (rows tokens, columns features) and inv_std (one
// entry per token, shown as a row so that a difference is told by token).
Result norm_result(const arma::mat& y, const arma::mat& xhat, const arma::mat& inv_std) {
    return result("y", y, kFeatures).add("xhat", xhat, kFeatures).add("inv_std", arma::vectorise(inv_std).t(), entries("token"));
}
Result norm_result(const NormByLoops& n) { return norm_result(n.y, n.xhat, n.inv_std); }

// Slips the shared oracle does not know: the variance as the mean of the squares (not
// centred), the mean never subtracted from xhat, inv_std kept as the standard deviation.
enum class NormExtra { variance_not_centred, not_centred, std_kept, centred_backwards, sample_std_eps_outside };
NormByLoops norm_extra_by_loops(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias, double eps,
                                NormExtra slip) {
    const arma::uword T = X.n_rows, d = X.n_cols;
    NormByLoops n{arma::mat(T, d), arma::mat(T, d), arma::colvec(T)};
    for (arma::uword r = 0; r < T; ++r) {
        double mean = 0, ss = 0, sq = 0;
        for (arma::uword c = 0; c < d; ++c) mean += X(r, c) / static_cast<double>(d);
        for (arma::uword c = 0; c < d; ++c) ss += (X(r, c) - mean) * (X(r, c) - mean), sq += X(r, c) * X(r, c);
        const double var = (slip == NormExtra::variance_not_centred ? sq : ss) /
                           static_cast<double>(slip == NormExtra::sample_std_eps_outside ? d - 1 : d);
        const double std = slip == NormExtra::sample_std_eps_outside ? std::sqrt(var) + eps : std::sqrt(var + eps);
        n.inv_std(r) = slip == NormExtra::std_kept ? std : 1.0 / std;
        for (arma::uword c = 0; c < d; ++c) {
            const double centred = slip == NormExtra::not_centred         ? X(r, c)
                                   : slip == NormExtra::centred_backwards ? mean - X(r, c)
                                                                          : X(r, c) - mean;
            n.xhat(r, c) = centred / std;
            n.y(r, c) = gain(c) * n.xhat(r, c) + bias(c);
        }
    }
    return n;
}

// More slips of the statistics, each computed by loops: one mean and variance over the whole
// matrix (population, or arma::var's n - 1), the spread as the mean absolute deviation (under
// the root, or as the std itself), a row's sum that leaves out its first or last entry (of
// the mean or of the variance), a row's sums divided by T, each centred row divided by its
// length (arma::normalise: no eps, or sqrt(sum of squares + eps)), the exponent -1/2 of
// integer division (inv_std = 1), sums kept across the rows (both, or one), the kept xhat or
// inv_std not what the backward pass needs (xhat = y, left empty, or the centred rows never
// divided), y made from the centred rows, the bias added inside the gain, gain % (xhat + bias),
// and the variance in one pass, mean(x^2) - mean(x)^2 (which rounding ruins far from 0).
enum class NormMore {
    whole_matrix, whole_matrix_sample, mad_under_root, mad_as_std, mean_skips_first, mean_skips_last,
    var_skips_first, var_skips_last, var_over_t, mean_over_t, both_over_t, unit_length, length_with_eps,
    integer_exponent, sums_kept, mean_sum_kept, square_sum_kept, xhat_holds_y, inv_std_empty, xhat_empty,
    y_from_centred, zero_variance_0, zero_variance_1, root_of_std, fourth_root, bias_by_row, gain_by_row,
    bias_inside_gain, xhat_centred, one_pass_variance,
    whole_sum_over_d,  // each row's mean written arma::accu(X) / d_model: the whole matrix's sum
    mean_sum_in_int    // each row's sum for the mean kept in an int: cut to a whole number at every +=
};
NormByLoops norm_more_by_loops(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias, double eps,
                               NormMore s) {
    const arma::uword T = X.n_rows, d = X.n_cols;
    const double dd = static_cast<double>(d), dt = static_cast<double>(T);
    NormByLoops n{arma::mat(T, d), arma::mat(T, d), arma::colvec(T)};
    double all_mean = 0, all_ss = 0, kept_sum = 0, kept_sq = 0;
    for (arma::uword k = 0; k < X.n_elem; ++k) all_mean += X(k) / static_cast<double>(X.n_elem);
    for (arma::uword k = 0; k < X.n_elem; ++k) all_ss += (X(k) - all_mean) * (X(k) - all_mean);
    for (arma::uword r = 0; r < T; ++r) {
        double sum = 0, ss = 0, ads = 0, sq = 0;
        const arma::uword m0 = s == NormMore::mean_skips_first ? 1 : 0, m1 = s == NormMore::mean_skips_last ? d - 1 : d;
        for (arma::uword c = m0; c < m1; ++c) sum += X(r, c), sq += X(r, c) * X(r, c);
        if (s == NormMore::mean_sum_in_int) {
            int whole = 0;
            for (arma::uword c = 0; c < d; ++c) whole = static_cast<int>(whole + X(r, c));
            sum = whole;
        }
        if (s == NormMore::whole_sum_over_d) {
            sum = 0;
            for (arma::uword k = 0; k < X.n_elem; ++k) sum += X(k);
        }
        if (s == NormMore::sums_kept || s == NormMore::mean_sum_kept) sum = kept_sum += sum;
        double mean = sum / (s == NormMore::mean_over_t || s == NormMore::both_over_t ? dt : dd);
        const arma::uword v0 = s == NormMore::var_skips_first ? 1 : 0, v1 = s == NormMore::var_skips_last ? d - 1 : d;
        if (s == NormMore::whole_matrix || s == NormMore::whole_matrix_sample) mean = all_mean;
        for (arma::uword c = v0; c < v1; ++c) ss += (X(r, c) - mean) * (X(r, c) - mean), ads += std::abs(X(r, c) - mean);
        if (s == NormMore::sums_kept || s == NormMore::square_sum_kept) ss = kept_sq += ss;
        double var = ss / (s == NormMore::var_over_t || s == NormMore::both_over_t ? dt : dd);
        if (s == NormMore::whole_matrix) var = all_ss / static_cast<double>(X.n_elem);
        if (s == NormMore::whole_matrix_sample) var = all_ss / static_cast<double>(X.n_elem - 1);
        if (s == NormMore::mad_under_root) var = ads / dd;
        if (s == NormMore::one_pass_variance) var = sq / dd - mean * mean;
        double std = std::sqrt(var + eps);
        if (s == NormMore::mad_as_std) std = ads / dd + eps;
        if (s == NormMore::length_with_eps) std = std::sqrt(ss + eps);
        if (s == NormMore::integer_exponent) std = 1.0;
        if (s == NormMore::root_of_std) std = std::sqrt(std::sqrt(var) + eps);
        if (s == NormMore::fourth_root) std = std::sqrt(std::sqrt(var + eps));
        n.inv_std(r) = 1.0 / std;
        if (s == NormMore::unit_length) n.inv_std(r) = 1.0 / std::sqrt(ss + eps);  // as kept beside it
        // a row of variance 0 special-cased: inv_std 0 (or 1), its xhat 0 either way
        if (ss == 0 && s == NormMore::zero_variance_0) n.inv_std(r) = 0.0;
        if (ss == 0 && s == NormMore::zero_variance_1) n.inv_std(r) = 1.0;
        for (arma::uword c = 0; c < d; ++c) {
            const double centred = X(r, c) - mean;
            n.xhat(r, c) = s == NormMore::unit_length ? (ss > 0 ? centred / std::sqrt(ss) : 0.0) : centred / std;
            const double g = s == NormMore::gain_by_row ? gain(r) : gain(c), b = s == NormMore::bias_by_row ? bias(r) : bias(c);
            n.y(r, c) = s == NormMore::bias_inside_gain ? g * (n.xhat(r, c) + b)
                                                         : g * (s == NormMore::y_from_centred ? centred : n.xhat(r, c)) + b;
            if (s == NormMore::xhat_centred) n.xhat(r, c) = centred;  // kept as it was before the division
        }
    }
    if (s == NormMore::xhat_holds_y) n.xhat = n.y;
    if (s == NormMore::inv_std_empty) n.inv_std.reset();
    if (s == NormMore::xhat_empty) n.xhat.reset();
    return n;
}

// The statistics down each column instead of along each row: y and xhat as the shared
// oracle gives them (with the population variance, or arma::var's default sample one);
// inv_std, one per column, however it was kept.
NormByLoops over_columns_sample(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias, double eps) {
    const NormByLoops t = layer_norm_by_loops(arma::mat(X.t()), arma::ones<arma::rowvec>(X.n_rows),
                                              arma::zeros<arma::rowvec>(X.n_rows), eps, NormSlip::sample_variance);
    NormByLoops n{arma::mat(X.n_rows, X.n_cols), t.xhat.t(), t.inv_std};
    for (arma::uword r = 0; r < X.n_rows; ++r)
        for (arma::uword c = 0; c < X.n_cols; ++c) n.y(r, c) = gain(c) * n.xhat(r, c) + bias(c);
    return n;
}
// One statistic down the columns and the other along the rows: the mean of each column
// subtracted, then each row's variance of what is left (arma::mean(X) beside a right
// arma::var of the centred rows), or each row's mean subtracted and the variance taken down
// each column of the centred matrix. y and xhat; inv_std as the first gives it (the second's
// is one per column, kept however it was kept).
NormByLoops one_statistic_down_columns(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias,
                                       double eps, bool mean_down) {
    const arma::uword T = X.n_rows, d = X.n_cols;
    arma::mat C(T, d);
    for (arma::uword r = 0; r < T; ++r)
        for (arma::uword c = 0; c < d; ++c) {
            double mean = 0;
            if (mean_down)
                for (arma::uword k = 0; k < T; ++k) mean += X(k, c) / static_cast<double>(T);
            else
                for (arma::uword k = 0; k < d; ++k) mean += X(r, k) / static_cast<double>(d);
            C(r, c) = X(r, c) - mean;
        }
    NormByLoops n{arma::mat(T, d), arma::mat(T, d), arma::colvec(T, arma::fill::zeros)};
    for (arma::uword r = 0; r < T; ++r)
        for (arma::uword c = 0; c < d; ++c) {
            double var = 0;
            if (mean_down)
                for (arma::uword k = 0; k < d; ++k) var += C(r, k) * C(r, k) / static_cast<double>(d);
            else
                for (arma::uword k = 0; k < T; ++k) var += C(k, c) * C(k, c) / static_cast<double>(T);
            if (mean_down) n.inv_std(r) = 1.0 / std::sqrt(var + eps);
            n.xhat(r, c) = C(r, c) / std::sqrt(var + eps);
            n.y(r, c) = gain(c) * n.xhat(r, c) + bias(c);
        }
    return n;
}

// tol: a column's mean of rows near 1e8 and of an ordinary row, taken in another order,
// moves that row's centred entries in their seventh digit, so the ways that subtract it
// are compared to 1e-6
bool over_columns_fits(const Result& got, const std::vector<NormByLoops>& ways, double tol = kTol) {
    if (got.threw != Threw::nothing) return false;
    const Part *y = got.part("y"), *xhat = got.part("xhat");
    for (const NormByLoops& cols : ways)
        if (y && xhat && agree(y->value, cols.y, tol) && agree(xhat->value, cols.xhat, tol)) return true;
    return false;
}

// Every natural wrong layer norm of X, as variants of probe p.
void norm_variants(Probe& p, const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias, double eps) {
    auto with = [&](NormSlip s) { return norm_result(layer_norm_by_loops(X, gain, bias, eps, s)); };
    auto extra = [&](NormExtra s) { return norm_result(norm_extra_by_loops(X, gain, bias, eps, s)); };
    const NormByLoops cols = layer_norm_by_loops(X, gain, bias, eps, NormSlip::over_columns);
    arma::colvec per_column(X.n_cols);  // what inv_std is when worked out down the columns
    {
        const NormByLoops t = layer_norm_by_loops(arma::mat(X.t()), arma::ones<arma::rowvec>(X.n_rows),
                                                  arma::zeros<arma::rowvec>(X.n_rows), eps);
        per_column = t.inv_std;
    }
    const std::vector<NormByLoops> ways = {cols, over_columns_sample(X, gain, bias, eps)};
    p.variant_fitting(m::layer_norm_over_columns, norm_result(cols.y, cols.xhat, per_column),
                      [ways](const Result& got) { return over_columns_fits(got, ways); })
        .labelled("arma::mean(X), arma::var(X, 1)")
        // a row of statistics assigned to the column inv_std: Armadillo refuses it
        .variant(m::layer_norm_over_columns, Result::throws(Threw::armadillo_size, "column vector layout"),
                 "here a row of statistics, one per column, was stored in inv_std, which holds one entry per row "
                 "(Armadillo refused it: 'not compatible with column vector layout')")
        .labelled("a 1 x d_model statistic into inv_std")
        .variant_fitting(m::layer_norm_over_columns, norm_result(one_statistic_down_columns(X, gain, bias, eps, true)),
                         [o = one_statistic_down_columns(X, gain, bias, eps, true)](const Result& got) {
                             return over_columns_fits(got, {o}, 1e-6);
                         })
        .labelled("arma::mean(X), the variance along the rows")
        .variant_fitting(m::layer_norm_over_columns, norm_result(one_statistic_down_columns(X, gain, bias, eps, false)),
                         [o = one_statistic_down_columns(X, gain, bias, eps, false)](const Result& got) {
                             return over_columns_fits(got, {o});
                         })
        .labelled("the rows' means, the variance down the columns")
        .variant(m::layer_norm_sample_variance, with(NormSlip::sample_variance))
        .variant(m::layer_norm_sample_variance, extra(NormExtra::sample_std_eps_outside))
        .labelled("1 / (arma::stddev(X, 0, 1) + eps)")
        .combined()
        .variant(m::layer_norm_eps_outside_sqrt, with(NormSlip::eps_outside_sqrt))
        .variant(m::layer_norm_without_gain_bias, with(NormSlip::no_gain_bias))
        .variant(m::layer_norm_without_gain, with(NormSlip::no_gain))
        .variant(m::layer_norm_without_bias, with(NormSlip::no_bias))
        .variant(m::layer_norm_without_eps, with(NormSlip::no_eps))
        .variant(m::layer_norm_without_eps, with(NormSlip::no_eps_guarded))
        .labelled("var > eps ? 1 / sqrt(var) : 0")
        .variant(m::layer_norm_without_eps, with(NormSlip::no_eps_guarded_at_0))
        .labelled("var > 0 ? 1 / sqrt(var) : 0")
        .variant(m::layer_norm_without_eps, with(NormSlip::eps_floor))
        .labelled("1 / sqrt(max(var, eps))")
        .variant(m::layer_norm_without_sqrt, with(NormSlip::no_sqrt))
        .variant(m::layer_norm_gain_bias_swapped, with(NormSlip::gain_bias_swapped))
        // one of the two in both places (a line copied and not renamed)
        .variant(m::layer_norm_one_weight_twice, norm_result(layer_norm_by_loops(X, gain, gain, eps)),
                 "the gain was also added where the bias belongs, y = gain % xhat + gain")
        .labelled("the gain twice")
        .variant(m::layer_norm_one_weight_twice, norm_result(layer_norm_by_loops(X, bias, bias, eps)),
                 "the bias also multiplied xhat where the gain belongs, y = bias % xhat + bias")
        .labelled("the bias twice")
        .variant(m::layer_norm_inv_std_not_inverted, extra(NormExtra::std_kept))
        .variant(m::layer_norm_variance_not_centred, extra(NormExtra::variance_not_centred))
        .variant(m::layer_norm_not_centred, extra(NormExtra::not_centred))
        .variant(m::layer_norm_centred_backwards, extra(NormExtra::centred_backwards))
        .variant(m::layer_norm_eps_hard_coded, norm_result(layer_norm_by_loops(X, gain, bias, 1e-5)));
    // the other usual constants in place of the eps given
    for (const auto& [fixed, how] : std::vector<std::pair<double, const char*>>{{1e-6, "eps = 1e-6"}, {1e-8, "eps = 1e-8"}, {1e-12, "eps = 1e-12"}})
        p.variant(m::layer_norm_eps_hard_coded, norm_result(layer_norm_by_loops(X, gain, bias, fixed))).labelled(how);
    auto more = [&](NormMore s) { return norm_result(norm_more_by_loops(X, gain, bias, eps, s)); };
    p.variant(m::layer_norm_statistics_of_whole_matrix, more(NormMore::whole_matrix))
        .labelled("population")
        .variant(m::layer_norm_statistics_of_whole_matrix, more(NormMore::whole_sum_over_d))
        .labelled("accu(X) / d_model as each row's mean")
        .variant(m::layer_norm_mean_sum_in_integer, more(NormMore::mean_sum_in_int))
        .variant(m::layer_norm_statistics_of_whole_matrix, more(NormMore::whole_matrix_sample))
        .labelled("arma::var of every entry")
        .variant(m::layer_norm_mean_absolute_deviation, more(NormMore::mad_under_root))
        .labelled("1 / sqrt(mad + eps)")
        .variant(m::layer_norm_mean_absolute_deviation, more(NormMore::mad_as_std))
        .labelled("1 / (mad + eps)")
        .variant(m::layer_norm_sum_skips_an_entry, more(NormMore::mean_skips_first))
        .labelled("the mean's sum from column 1")
        .variant(m::layer_norm_sum_skips_an_entry, more(NormMore::mean_skips_last))
        .labelled("the mean's sum to d_model - 1")
        .variant(m::layer_norm_sum_skips_an_entry, more(NormMore::var_skips_first))
        .labelled("the variance's sum from column 1")
        .variant(m::layer_norm_sum_skips_an_entry, more(NormMore::var_skips_last))
        .labelled("the variance's sum to d_model - 1")
        .variant(m::layer_norm_divided_by_token_count, more(NormMore::var_over_t))
        .labelled("the variance")
        .variant(m::layer_norm_divided_by_token_count, more(NormMore::mean_over_t))
        .labelled("the mean")
        .variant(m::layer_norm_divided_by_token_count, more(NormMore::both_over_t))
        .labelled("both")
        .variant(m::layer_norm_divided_by_row_length, more(NormMore::length_with_eps))
        .labelled("sqrt(sum of squares + eps)");
    {
        // arma::normalise(centred, 2, 1): xhat and y fixed, inv_std however it was kept beside it
        const NormByLoops u = norm_more_by_loops(X, gain, bias, eps, NormMore::unit_length);
        p.variant_fitting(m::layer_norm_divided_by_row_length, norm_result(u), [u](const Result& got) {
            const Part *y = got.part("y"), *xhat = got.part("xhat");
            return got.threw == Threw::nothing && y && xhat && agree(y->value, u.y) && agree(xhat->value, u.xhat);
        }).labelled("arma::normalise(centred, 2, 1)");
    }
    p.variant(m::layer_norm_exponent_integer_division, more(NormMore::integer_exponent))
        .variant(m::layer_norm_sums_not_reset, more(NormMore::sums_kept))
        .labelled("both sums")
        .variant(m::layer_norm_sums_not_reset, more(NormMore::mean_sum_kept))
        .labelled("the mean's sum")
        .variant(m::layer_norm_sums_not_reset, more(NormMore::square_sum_kept))
        .labelled("the sum of squares")
        .variant(m::layer_norm_kept_field_wrong, more(NormMore::xhat_holds_y),
                 "xhat holds y: gain and bias were applied to xhat in place, so the kept xhat is gain % xhat + bias")
        .labelled("xhat = y")
        .variant(m::layer_norm_kept_field_wrong, more(NormMore::inv_std_empty),
                 "inv_std was left empty (computed in a local and never stored in the result)")
        .labelled("inv_std empty")
        .variant(m::layer_norm_kept_field_wrong, more(NormMore::xhat_empty),
                 "xhat was left empty (computed in a local and never stored in the result)")
        .labelled("xhat empty")
        .variant(m::layer_norm_kept_field_wrong, more(NormMore::xhat_centred),
                 "xhat holds the centred rows x - mean, never divided by the standard deviation (y was "
                 "made from them times inv_std)")
        .labelled("xhat = x - mean")
        .variant(m::layer_norm_bias_inside_gain, more(NormMore::bias_inside_gain))
        .variant(m::layer_norm_variance_cancels, more(NormMore::one_pass_variance))
        .variant(m::layer_norm_y_from_centred_rows, more(NormMore::y_from_centred))
        .variant(m::layer_norm_zero_variance_guard, more(NormMore::zero_variance_0))
        .labelled("inv_std = 0")
        .variant(m::layer_norm_zero_variance_guard, more(NormMore::zero_variance_1))
        .labelled("inv_std = 1")
        .variant(m::layer_norm_root_taken_twice, more(NormMore::root_of_std))
        .labelled("1 / sqrt(std + eps)")
        .variant(m::layer_norm_root_taken_twice, more(NormMore::fourth_root))
        .labelled("1 / sqrt(sqrt(var + eps))");
    // gain or bias indexed by the row: a T x d_model X with T > d_model reads past their end
    for (const auto& [way, how] : std::vector<std::pair<NormMore, const char*>>{{NormMore::bias_by_row, "bias(r)"},
                                                                                 {NormMore::gain_by_row, "gain(r)"}})
        p.variant(m::layer_norm_indexed_by_row,
                  X.n_rows <= X.n_cols ? more(way) : Result::throws(Threw::armadillo_index))
            .labelled(how);
    p.quantity("d_model", static_cast<double>(X.n_cols));
}

// Rows far apart in scale and offset, 3 tokens of 5 features: non-square, so a norm
// down the columns has other numbers than one along the rows.
arma::mat rows_of_different_scale() {
    return {{0.5, -1.0, 2.0, 0.25, -0.75},
            {300.0, 120.0, -40.0, 510.0, 95.0},
            {0.01, 0.07, -0.04, 0.02, 0.09}};
}
const arma::rowvec kGain = {1.5, 0.5, -1.0, 2.0, 0.75};
const arma::rowvec kBias = {0.1, -0.2, 0.3, 0.0, -0.4};

Diagnosis layer_norm_diagnosis() {
    Diagnosis d("layer_norm");
    arma::arma_rng::set_seed(101);
    const arma::mat X2 = arma::randn(4, 7) * 0.3;
    const arma::rowvec gain2 = 1.0 + 0.4 * arma::randn<arma::rowvec>(7), bias2 = 0.5 * arma::randn<arma::rowvec>(7);
    const arma::rowvec ones(5, arma::fill::ones), zeros(5, arma::fill::zeros);
    const std::vector<std::tuple<std::string, arma::mat, arma::rowvec, arma::rowvec, double>> inputs = {
        {"3 rows of 5 far apart in scale, with gain and bias", rows_of_different_scale(), kGain, kBias, 1e-5},
        {"the same rows with gain 1 and bias 0", rows_of_different_scale(), ones, zeros, 1e-5},
        {"4 rows of 7 of small spread, eps = 0.25", X2, gain2, bias2, 0.25},
        {"a constant row (variance 0) and two rows of other spreads",
         arma::mat{{2, 2, 2, 2, 2}, {1, -1, 1, -1, 3}, {0.5, 0.25, -0.5, 0.0, 1.0}}, kGain, kBias, 1e-5},
        {"a constant row of -5 between two rows of other spreads",
         arma::mat{{0.5, 1.5, -2.0, 0.0, 1.0}, {-5, -5, -5, -5, -5}, {3, 1, -1, 2, 0.5}}, kGain, kBias, 1e-5},
        // 1e8 + u with |u| < 1 (quarters, summing to 0): the mean and the deviations are exact, so
        // two passes give the variance exactly; (1e8 + u)^2 rounds to 1e16 + 2e8 u, u^2 lost, so
        // mean(x^2) - mean(x)^2 is exactly 0 however its sums are ordered
        {"two rows far from 0 (1e8 and -1e8 plus quarters) around an ordinary row",
         arma::mat{{1e8 + 0.5, 1e8 - 0.75, 1e8 + 0.25, 1e8 + 0.75, 1e8 - 0.75},
                   {0.5, -1.0, 2.0, 0.25, -0.75},
                   {-1e8 - 0.5, -1e8 + 0.5, -1e8, -1e8 + 0.25, -1e8 - 0.25}},
         kGain, kBias, 1e-5}};
    for (const auto& [input, X, gain, bias, eps] : inputs) {
        const arma::mat x = X;
        const arma::rowvec g = gain, b = bias;
        const double e = eps;
        Probe& p = d.probe(
            input,
            [x, g, b, e] {
                const attn::LayerNormResult r = attn::layer_norm(x, g, b, e);
                return norm_result(r.y, r.xhat, r.inv_std);
            },
            norm_result(layer_norm_by_loops(x, g, b, e)));
        norm_variants(p, x, g, b, e);
        arma::mat bias_rows(x.n_rows, x.n_cols);
        for (arma::uword r = 0; r < x.n_rows; ++r) bias_rows.row(r) = b;
        p.term("the bias", "y", bias_rows);
    }
    return d;
}

// ================================================================= layer_norm_backward
// What layer_norm_backward gave: dX (rows tokens) and dgain, dbias (one per feature).
Result grads_result(const arma::mat& dX, const arma::mat& dgain, const arma::mat& dbias) {
    return result("dX", dX, kFeatures).add("dgain", dgain, entries("feature")).add("dbias", dbias, entries("feature"));
}
Result grads_result(const NormGradsByLoops& g) { return grads_result(g.dX, g.dgain, g.dbias); }

// One backward input: what the forward pass kept (xhat, inv_std, by loops), dY and gain.
struct BackwardCase {
    std::string name;
    arma::mat X, dY;
    arma::rowvec gain, bias;
    NormByLoops kept;
};

BackwardCase backward_case(std::string name, arma::uword T, arma::uword d, int seed) {
    arma::arma_rng::set_seed(seed);
    BackwardCase k;
    k.name = std::move(name);
    k.X = arma::randn(T, d);
    if (T > 1) k.X.row(1) *= 10.0;  // rows of scale 1, 10, 0.1 and 1 shifted by 5
    if (T > 2) k.X.row(2) *= 0.1;
    if (T > 3) k.X.row(3) += 5.0;
    k.dY = arma::randn(T, d);
    k.gain = 1.0 + 0.5 * arma::randn<arma::rowvec>(d);
    k.bias = 0.3 * arma::randn<arma::rowvec>(d);
    k.kept = layer_norm_by_loops(k.X, k.gain, k.bias, 1e-5);
    return k;
}
std::vector<BackwardCase> backward_cases() {
    return {backward_case("4 tokens of 6 features, rows of scale 1, 10, 0.1 and 1 shifted by 5", 4, 6, 201),
            backward_case("5 tokens of 3 features", 5, 3, 202), backward_case("3 tokens of 5 features", 3, 5, 203),
            // the shapes of the one before again (xhat 3x5, inv_std 3, gain 1x5), with another dY, xhat,
            // inv_std and gain: a value kept from an earlier call while the sizes stay the same (a gain,
            // a row's statistics or dY held in a static, made again only when a length changes) shows
            backward_case("3 tokens of 5 features again, with other values and another gain", 3, 5, 204)};
}

// Slips the shared oracle does not know.
enum class BackExtra {
    means_of_dy,       // dxhat = dY % gain, but both means taken of dY
    gain_at_the_end,   // dX = inv_std (dY - mean(dY) - xhat mean(dY % xhat)) % gain
    divided_by_inv_std,
    elementwise,       // dX = dxhat % inv_std alone
    variance_term_of_dxhat,  // the variance's term with mean(dxhat) instead of mean(dxhat % xhat)
    mean_term_added,   // + mean(dxhat)
    variance_term_added,  // + xhat mean(dxhat % xhat)
    means_over_t,      // the row sums divided by T instead of d_model
    first_term_dy,     // dY for dxhat in the first term, the means right
    inv_std_first_only,   // inv_std dxhat - mean(dxhat) - xhat mean(dxhat % xhat): a bracket closed too early
    inv_std_first_two,    // inv_std (dxhat - mean(dxhat)) - xhat mean(dxhat % xhat)
    means_over_d_minus_1,  // the row sums divided by d_model - 1
    whole_matrix_means,   // both means over every entry of the matrix (accu / (T d_model))
    whole_matrix_variance_mean,  // only mean(dxhat % xhat) over every entry (hoisted out of the row loop)
    means_swapped,        // inv_std (dxhat - mean(dxhat % xhat) - xhat mean(dxhat))
    product_mean_twice,   // inv_std (dxhat - mean(dxhat % xhat) - xhat mean(dxhat % xhat))
    sum_form_without_d,   // inv_std / d (dxhat - sum(dxhat) - xhat sum(dxhat % xhat)): dxhat lacks its d
    gain_again_at_end,    // the right dX, then % gain once more
    gain_squared,         // dxhat = dY % gain % gain, used throughout
    sums_not_reset,       // the two row sums never set back to 0: row r's also count rows 0 .. r - 1
    sum_d_not_reset,      // only the sum of dxhat never set back to 0
    sum_dx_not_reset,     // only the sum of dxhat % xhat never set back to 0
    sums_skip_first,      // the two row sums from column 1, still divided by d_model
    sums_skip_last,       // the two row sums stopping before column d_model - 1
    variance_term_unscaled,  // - mean(dxhat % xhat) alone: the xhat in front of the variance's mean dropped
    variance_mean_of_dy,     // the variance's mean taken of dY % xhat (the gain left out there alone)
    mean_term_of_dy,         // the mean's term taken of dY (the gain left out there alone)
    // the variance's mean taken of a T x T matrix product: row r pairs its dxhat with every
    // row's xhat (dxhat * xhat.t()) or its xhat with every row's dxhat (xhat * dxhat.t()),
    // then arma::mean(..., 1) (over T) or arma::sum(..., 1) / d_model
    product_mean_over_t,
    product_sum_over_d,
    product_t_mean_over_t,
    product_t_sum_over_d,
};
arma::mat dx_extra_by_loops(const BackwardCase& k, BackExtra slip) {
    const arma::mat& xhat = k.kept.xhat;
    const arma::uword T = xhat.n_rows, d = xhat.n_cols;
    arma::mat dX(T, d);
    const bool plain = slip == BackExtra::means_of_dy || slip == BackExtra::gain_at_the_end;
    // dxhat as the slip has it, and what its means are taken of (dY alone where the gain is
    // left out of them)
    auto dxhat = [&](arma::uword r, arma::uword c) {
        return k.dY(r, c) * (slip == BackExtra::gain_squared ? k.gain(c) * k.gain(c) : k.gain(c));
    };
    auto of_means = [&](arma::uword r, arma::uword c) { return plain ? k.dY(r, c) : dxhat(r, c); };
    double all_d = 0, all_dx = 0;  // over every entry, for the means of the whole matrix
    for (arma::uword r = 0; r < T; ++r)
        for (arma::uword c = 0; c < d; ++c) all_d += of_means(r, c), all_dx += of_means(r, c) * xhat(r, c);
    double kept_d = 0, kept_dx = 0;  // the sums of a loop that never sets them back to 0
    const arma::uword c0 = slip == BackExtra::sums_skip_first ? 1 : 0;
    const arma::uword c1 = slip == BackExtra::sums_skip_last ? d - 1 : d;
    for (arma::uword r = 0; r < T; ++r) {
        double mean_d = 0, mean_dx = 0;
        if (slip == BackExtra::sums_not_reset || slip == BackExtra::sum_d_not_reset) mean_d = kept_d;
        if (slip == BackExtra::sums_not_reset || slip == BackExtra::sum_dx_not_reset) mean_dx = kept_dx;
        const double n = slip == BackExtra::means_over_t           ? static_cast<double>(T)
                         : slip == BackExtra::means_over_d_minus_1 ? static_cast<double>(d) - 1.0
                         : slip == BackExtra::sum_form_without_d   ? 1.0
                                                                   : static_cast<double>(d);
        for (arma::uword c = c0; c < c1; ++c) {
            mean_d += of_means(r, c) / n;
            mean_dx += of_means(r, c) * xhat(r, c) / n;
        }
        kept_d = mean_d, kept_dx = mean_dx;
        if (slip == BackExtra::variance_mean_of_dy || slip == BackExtra::mean_term_of_dy) {
            double plain_d = 0, plain_dx = 0;
            for (arma::uword c = 0; c < d; ++c) plain_d += k.dY(r, c) / n, plain_dx += k.dY(r, c) * xhat(r, c) / n;
            if (slip == BackExtra::variance_mean_of_dy) mean_dx = plain_dx;
            if (slip == BackExtra::mean_term_of_dy) mean_d = plain_d;
        }
        if (slip == BackExtra::whole_matrix_means) mean_d = all_d / (T * d), mean_dx = all_dx / (T * d);
        if (slip == BackExtra::whole_matrix_variance_mean) mean_dx = all_dx / (T * d);
        const bool product = slip == BackExtra::product_mean_over_t || slip == BackExtra::product_sum_over_d;
        const bool product_t = slip == BackExtra::product_t_mean_over_t || slip == BackExtra::product_t_sum_over_d;
        if (product || product_t) {
            double cross = 0;
            for (arma::uword j = 0; j < T; ++j)
                for (arma::uword c = 0; c < d; ++c)
                    cross += product ? dxhat(r, c) * xhat(j, c) : xhat(r, c) * dxhat(j, c);
            const bool over_t = slip == BackExtra::product_mean_over_t || slip == BackExtra::product_t_mean_over_t;
            mean_dx = cross / static_cast<double>(over_t ? T : d);
        }
        if (slip == BackExtra::elementwise) mean_d = mean_dx = 0;
        if (slip == BackExtra::means_swapped) std::swap(mean_d, mean_dx);
        if (slip == BackExtra::product_mean_twice) mean_d = mean_dx;
        for (arma::uword c = 0; c < d; ++c) {
            const bool no_gain = slip == BackExtra::gain_at_the_end || slip == BackExtra::first_term_dy;
            const double first = no_gain ? k.dY(r, c) : dxhat(r, c);
            const double var_mean = slip == BackExtra::variance_term_of_dxhat ? mean_d : mean_dx;
            const double front = slip == BackExtra::variance_term_unscaled ? 1.0 : xhat(r, c);
            const double inner = first + (slip == BackExtra::mean_term_added ? mean_d : -mean_d) +
                                 (slip == BackExtra::variance_term_added ? 1.0 : -1.0) * front * var_mean;
            const double var_term = -xhat(r, c) * var_mean, is = k.kept.inv_std(r);
            dX(r, c) = slip == BackExtra::divided_by_inv_std   ? inner / is
                       : slip == BackExtra::inv_std_first_only ? first * is - mean_d + var_term
                       : slip == BackExtra::inv_std_first_two  ? (first - mean_d) * is + var_term
                       : slip == BackExtra::sum_form_without_d ? inner * is / static_cast<double>(d)
                                                               : inner * is;
            if (slip == BackExtra::gain_at_the_end || slip == BackExtra::gain_again_at_end) dX(r, c) *= k.gain(c);
        }
    }
    return dX;
}

// Every natural wrong backward pass on case k, as variants of probe p.
void backward_variants(Probe& p, const BackwardCase& k) {
    const arma::mat& xhat = k.kept.xhat;
    const NormGradsByLoops right = layer_norm_backward_by_loops(k.dY, xhat, k.kept.inv_std, k.gain);
    auto with = [&](NormBackSlip s) {
        return grads_result(layer_norm_backward_by_loops(k.dY, xhat, k.kept.inv_std, k.gain, s));
    };
    auto dx = [&](BackExtra s) { return grads_result(dx_extra_by_loops(k, s), right.dgain, right.dbias); };
    // the two parameter gradients summed along each row: one entry per token
    arma::mat rows_dgain(1, k.dY.n_rows, arma::fill::zeros), rows_dbias(1, k.dY.n_rows, arma::fill::zeros);
    for (arma::uword r = 0; r < k.dY.n_rows; ++r)
        for (arma::uword c = 0; c < k.dY.n_cols; ++c)
            rows_dgain(0, r) += k.dY(r, c) * xhat(r, c), rows_dbias(0, r) += k.dY(r, c);
    // dgain and dbias taken of dxhat = dY % gain: the gain in them once too often
    arma::mat gain_dgain(1, k.dY.n_cols, arma::fill::zeros), gain_dbias(1, k.dY.n_cols, arma::fill::zeros);
    for (arma::uword r = 0; r < k.dY.n_rows; ++r)
        for (arma::uword c = 0; c < k.dY.n_cols; ++c)
            gain_dgain(0, c) += k.dY(r, c) * k.gain(c) * xhat(r, c), gain_dbias(0, c) += k.dY(r, c) * k.gain(c);
    p.variant(m::layer_norm_backward_without_mean_term, with(NormBackSlip::no_mean_term))
        .variant(m::layer_norm_backward_without_variance_term, with(NormBackSlip::no_variance_term))
        .variant(m::layer_norm_backward_as_if_elementwise, dx(BackExtra::elementwise))
        .variant(m::layer_norm_backward_gain_left_out, with(NormBackSlip::no_gain))
        .labelled("dY for dxhat")
        .variant(m::layer_norm_backward_gain_left_out, dx(BackExtra::means_of_dy))
        .labelled("the means of dY")
        .variant(m::layer_norm_backward_gain_left_out, dx(BackExtra::gain_at_the_end))
        .labelled("% gain at the end")
        .variant(m::layer_norm_backward_gain_left_out, dx(BackExtra::first_term_dy))
        .labelled("dY in the first term")
        .variant(m::layer_norm_backward_gain_left_out, dx(BackExtra::variance_mean_of_dy))
        .labelled("dY in the variance's mean alone")
        .variant(m::layer_norm_backward_gain_left_out, dx(BackExtra::mean_term_of_dy))
        .labelled("dY in the mean's term alone")
        .variant(m::layer_norm_backward_variance_term_without_xhat, dx(BackExtra::variance_term_of_dxhat))
        .labelled("mean(dxhat) for mean(dxhat % xhat)")
        .variant(m::layer_norm_backward_variance_term_without_xhat, dx(BackExtra::variance_term_unscaled))
        .labelled("the xhat in front dropped")
        .variant(m::layer_norm_backward_term_sign, dx(BackExtra::mean_term_added))
        .labelled("+ mean(dxhat)")
        .variant(m::layer_norm_backward_term_sign, dx(BackExtra::variance_term_added))
        .labelled("+ xhat % mean(dxhat % xhat)")
        .variant(m::layer_norm_backward_without_inv_std, with(NormBackSlip::no_inv_std))
        .variant(m::layer_norm_backward_inv_std_divided, dx(BackExtra::divided_by_inv_std))
        .variant(m::layer_norm_backward_inv_std_on_part, dx(BackExtra::inv_std_first_only))
        .labelled("inv_std * dxhat alone")
        .variant(m::layer_norm_backward_inv_std_on_part, dx(BackExtra::inv_std_first_two))
        .labelled("inv_std * (dxhat - mean(dxhat)) alone")
        .variant(m::layer_norm_backward_sum_not_mean, with(NormBackSlip::sums_not_means))
        .labelled("the row sums")
        .variant(m::layer_norm_backward_sum_not_mean, dx(BackExtra::means_over_t))
        .labelled("the row sums over T")
        .variant(m::layer_norm_backward_sum_not_mean, dx(BackExtra::means_over_d_minus_1))
        .labelled("the row sums over d_model - 1")
        .variant(m::layer_norm_backward_mean_over_columns, with(NormBackSlip::means_over_columns))
        .labelled("down the columns")
        .variant(m::layer_norm_backward_mean_over_columns, dx(BackExtra::whole_matrix_means))
        .labelled("over the whole matrix")
        .variant(m::layer_norm_backward_mean_over_columns, dx(BackExtra::whole_matrix_variance_mean))
        .labelled("mean(dxhat % xhat) over the whole matrix")
        .variant(m::layer_norm_backward_means_swapped, dx(BackExtra::means_swapped))
        .labelled("the two means swapped")
        .variant(m::layer_norm_backward_means_swapped, dx(BackExtra::product_mean_twice))
        .labelled("mean(dxhat % xhat) in both terms")
        .variant(m::layer_norm_backward_sum_form_without_d, dx(BackExtra::sum_form_without_d))
        .variant(m::layer_norm_backward_matrix_product_in_mean, dx(BackExtra::product_mean_over_t))
        .labelled("arma::mean(dxhat * xhat.t(), 1)")
        .variant(m::layer_norm_backward_matrix_product_in_mean, dx(BackExtra::product_sum_over_d))
        .labelled("arma::sum(dxhat * xhat.t(), 1) / d_model")
        .variant(m::layer_norm_backward_matrix_product_in_mean, dx(BackExtra::product_t_mean_over_t))
        .labelled("arma::mean(xhat * dxhat.t(), 1)")
        .variant(m::layer_norm_backward_matrix_product_in_mean, dx(BackExtra::product_t_sum_over_d))
        .labelled("arma::sum(xhat * dxhat.t(), 1) / d_model")
        .variant(m::layer_norm_sums_not_reset, dx(BackExtra::sums_not_reset))
        .labelled("both sums kept")
        .variant(m::layer_norm_sums_not_reset, dx(BackExtra::sum_d_not_reset))
        .labelled("the sum of dxhat kept")
        .variant(m::layer_norm_sums_not_reset, dx(BackExtra::sum_dx_not_reset))
        .labelled("the sum of dxhat % xhat kept")
        .variant(m::layer_norm_sum_skips_an_entry, dx(BackExtra::sums_skip_first))
        .labelled("from column 1")
        .variant(m::layer_norm_sum_skips_an_entry, dx(BackExtra::sums_skip_last))
        .labelled("to column d_model - 2")
        .variant(m::layer_norm_backward_gain_twice, dx(BackExtra::gain_again_at_end))
        .labelled("dX % gain once more")
        .variant(m::layer_norm_backward_gain_twice, dx(BackExtra::gain_squared))
        .labelled("dxhat = dY % gain % gain")
        .variant(m::layer_norm_backward_gain_twice, grads_result(right.dX, gain_dgain, right.dbias))
        .labelled("dgain of dxhat % xhat")
        .variant(m::layer_norm_backward_gain_twice, grads_result(right.dX, right.dgain, gain_dbias))
        .labelled("dbias of dxhat")
        .variant(m::layer_norm_backward_gain_twice, grads_result(right.dX, gain_dgain, gain_dbias))
        .labelled("dgain and dbias of dxhat")
        .variant(m::layer_norm_backward_param_grads_over_features, grads_result(right.dX, rows_dgain, rows_dbias))
        .labelled("arma::sum(..., 1).t()")
        .variant(m::layer_norm_backward_param_grads_over_features, grads_result(right.dX, right.dgain, rows_dbias))
        .labelled("dbias alone by arma::sum(..., 1).t()")
        .variant(m::layer_norm_backward_param_grads_over_features, grads_result(right.dX, rows_dgain, right.dbias))
        .labelled("dgain alone by arma::sum(..., 1).t()")
        .variant(m::layer_norm_backward_param_grads_over_features,
                 Result::throws(Threw::armadillo_size, "row vector layout"))
        .labelled("arma::sum(..., 1) into a rowvec")
        .variant(m::layer_norm_backward_dbias_times_xhat, grads_result(right.dX, right.dgain, right.dgain))
        .variant(m::layer_norm_backward_dgain_without_xhat, grads_result(right.dX, right.dbias, right.dbias))
        .variant(m::layer_norm_backward_param_grads_swapped, grads_result(right.dX, right.dbias, right.dgain));
    p.quantity("T", static_cast<double>(k.dY.n_rows)).quantity("d_model", static_cast<double>(k.dY.n_cols));
}

Diagnosis layer_norm_backward_diagnosis() {
    Diagnosis d("layer_norm_backward");
    for (const BackwardCase& c : backward_cases()) {
        const BackwardCase k = c;
        Probe& p = d.probe(
            k.name,
            [k] {
                const attn::LayerNormGrads g = attn::layer_norm_backward(k.dY, k.kept.xhat, k.kept.inv_std, k.gain);
                return grads_result(g.dX, g.dgain, g.dbias);
            },
            grads_result(layer_norm_backward_by_loops(k.dY, k.kept.xhat, k.kept.inv_std, k.gain)));
        backward_variants(p, k);
    }
    return d;
}

// loss = sum(dY % layer_norm(X).y) by loops, for central differences.
double norm_loss(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias, const arma::mat& dY) {
    const arma::mat y = layer_norm_by_loops(X, gain, bias, 1e-5).y;
    double s = 0;
    for (arma::uword k = 0; k < y.n_elem; ++k) s += dY(k) * y(k);
    return s;
}

// ================================================================= feed_forward
struct Ff {
    arma::mat W_1, W_2;
    arma::rowvec b_1, b_2;
    Ff(arma::uword d_model, arma::uword d_ff, int seed) {
        arma::arma_rng::set_seed(seed);
        W_1 = arma::randn(d_model, d_ff) * 0.6;
        b_1 = arma::randn<arma::rowvec>(d_ff) * 0.5;
        W_2 = arma::randn(d_ff, d_model) * 0.5;
        b_2 = arma::randn<arma::rowvec>(d_model) * 0.3;
    }
    attn::FeedForwardWeights weights() const { return {W_1, b_1, W_2, b_2}; }
};

// The ways of computing the layer: right, and the natural slips.
enum class FfSlip {
    none,
    no_relu,           // H = X W_1 + b_1, y from it
    y_before_relu,     // H kept after the relu, but y from the hidden layer before it
    relu_on_output,    // H = X W_1 + b_1, y = relu(H W_2 + b_2)
    relu_also_output,  // H right, y = relu(H W_2 + b_2)
    no_b1,
    no_b2,
    relu_before_bias,  // H = relu(X W_1) + b_1
    hidden_before_relu,  // y right, H kept before the relu
    relu_column_max,   // H = arma::max(X W_1 + b_1, 0): each column's largest entry
};

struct FfByLoops {
    arma::mat H, y;
};

FfByLoops ff_by_loops(const arma::mat& X, const arma::mat& W_1, const arma::rowvec& b_1, const arma::mat& W_2,
                      const arma::rowvec& b_2, FfSlip s = FfSlip::none) {
    arma::mat Z = product_by_loops(X, W_1);  // (T, d_ff)
    for (arma::uword r = 0; r < Z.n_rows; ++r)
        for (arma::uword c = 0; c < Z.n_cols; ++c) Z(r, c) += s == FfSlip::no_b1 || s == FfSlip::relu_before_bias ? 0.0 : b_1(c);
    arma::mat R = Z;  // relu(Z)
    for (arma::uword k = 0; k < R.n_elem; ++k) R(k) = std::max(0.0, R(k));
    if (s == FfSlip::relu_before_bias)
        for (arma::uword r = 0; r < R.n_rows; ++r)
            for (arma::uword c = 0; c < R.n_cols; ++c) R(r, c) += b_1(c);
    FfByLoops f;
    const bool unrelued = s == FfSlip::no_relu || s == FfSlip::relu_on_output || s == FfSlip::hidden_before_relu;
    f.H = unrelued ? Z : R;
    if (s == FfSlip::relu_column_max) {
        f.H.set_size(1, Z.n_cols);
        for (arma::uword c = 0; c < Z.n_cols; ++c) {
            double top = -INFINITY;
            for (arma::uword r = 0; r < Z.n_rows; ++r) top = std::max(top, Z(r, c));
            f.H(0, c) = top;
        }
    }
    const arma::mat& feeds = s == FfSlip::y_before_relu || s == FfSlip::no_relu || s == FfSlip::relu_on_output ? Z
                             : s == FfSlip::hidden_before_relu                                                ? R
                                                                                                              : f.H;
    f.y = product_by_loops(feeds, W_2);  // (T, d_model)
    for (arma::uword r = 0; r < f.y.n_rows; ++r)
        for (arma::uword c = 0; c < f.y.n_cols; ++c) {
            if (s != FfSlip::no_b2) f.y(r, c) += b_2(c);
            if (s == FfSlip::relu_on_output || s == FfSlip::relu_also_output) f.y(r, c) = std::max(0.0, f.y(r, c));
        }
    return f;
}
FfByLoops ff_by_loops(const arma::mat& X, const attn::FeedForwardWeights& f) {
    return ff_by_loops(X, f.W_1, f.b_1, f.W_2, f.b_2);
}

// More slips of the layer, by loops: another activation than the relu, b_1 added twice, a
// loop bound of the wrong size (the relu's column loop, or a product's inner sum, stopping
// at T), and the relu applied to the running sum inside the product's loop.
enum class Act { leaky_001, leaky_01, leaky_02, clamp_one, min_zero, twice, gelu_tanh, gelu_erf, sigmoid, tanh, abs };
double activation(double z, Act a) {
    switch (a) {
        case Act::leaky_001: return z > 0 ? z : 0.01 * z;
        case Act::leaky_01: return z > 0 ? z : 0.1 * z;
        case Act::leaky_02: return z > 0 ? z : 0.2 * z;
        case Act::clamp_one: return std::min(1.0, std::max(0.0, z));
        case Act::min_zero: return std::min(0.0, z);
        case Act::twice: return z + std::abs(z);
        case Act::gelu_tanh:
            return 0.5 * z * (1.0 + std::tanh(std::sqrt(2.0 / arma::datum::pi) * (z + 0.044715 * z * z * z)));
        case Act::gelu_erf: return 0.5 * z * (1.0 + std::erf(z / std::sqrt(2.0)));
        case Act::sigmoid: return 1.0 / (1.0 + std::exp(-z));
        case Act::tanh: return std::tanh(z);
        case Act::abs: return std::abs(z);
    }
    return z;
}
enum class FfMore { b1_twice, relu_columns_to_t, first_inner_to_t, second_inner_to_t, relu_in_sum_bias_first,
                    relu_in_sum_bias_last, b1_by_row, b1_by_row_wrapped };
FfByLoops ff_activation_by_loops(const arma::mat& X, const arma::mat& W_1, const arma::rowvec& b_1,
                                 const arma::mat& W_2, const arma::rowvec& b_2, Act a) {
    FfByLoops f;
    f.H = product_by_loops(X, W_1);
    for (arma::uword r = 0; r < f.H.n_rows; ++r)
        for (arma::uword c = 0; c < f.H.n_cols; ++c) f.H(r, c) = activation(f.H(r, c) + b_1(c), a);
    f.y = product_by_loops(f.H, W_2);
    f.y.each_row() += b_2;
    return f;
}
FfByLoops ff_more_by_loops(const arma::mat& X, const arma::mat& W_1, const arma::rowvec& b_1, const arma::mat& W_2,
                           const arma::rowvec& b_2, FfMore s) {
    const arma::uword T = X.n_rows, d = X.n_cols, h = W_1.n_cols, o = W_2.n_cols;
    FfByLoops f{arma::mat(T, h), arma::mat(T, o)};
    for (arma::uword i = 0; i < T; ++i)
        for (arma::uword j = 0; j < h; ++j) {
            const arma::uword inner = s == FfMore::first_inner_to_t ? std::min(T, d) : d;
            double z = s == FfMore::relu_in_sum_bias_first ? b_1(j) : 0.0;
            for (arma::uword k = 0; k < inner; ++k) {
                z += X(i, k) * W_1(k, j);
                if (s == FfMore::relu_in_sum_bias_first || s == FfMore::relu_in_sum_bias_last) z = std::max(0.0, z);
            }
            if (s == FfMore::b1_by_row) z += b_1(i);  // past its end where T > d_ff: declared as such
            else if (s == FfMore::b1_by_row_wrapped) z += b_1(i % h);
            else if (s != FfMore::relu_in_sum_bias_first) z += b_1(j);
            if (s == FfMore::b1_twice) z += b_1(j);
            const bool relued = !(s == FfMore::relu_columns_to_t && j >= T);
            f.H(i, j) = relued ? std::max(0.0, z) : z;
        }
    for (arma::uword i = 0; i < T; ++i)
        for (arma::uword j = 0; j < o; ++j) {
            const arma::uword inner = s == FfMore::second_inner_to_t ? std::min(T, h) : h;
            double z = b_2(j);
            for (arma::uword k = 0; k < inner; ++k) z += f.H(i, k) * W_2(k, j);
            f.y(i, j) = z;
        }
    return f;
}

Result ff_result(const arma::mat& y, const arma::mat& H) {
    return result("y", y, kFeatures).add("H", H, axes("token", "hidden unit"));
}
Result ff_result(const FfByLoops& f) { return ff_result(f.y, f.H); }

Diagnosis feed_forward_diagnosis() {
    Diagnosis d("feed_forward");
    const std::vector<std::tuple<std::string, arma::uword, arma::uword, arma::uword, int>> inputs = {
        {"X 3x5, d_ff 7", 3, 5, 7, 301}, {"X 4x5, d_ff 7", 4, 5, 7, 303}, {"X 2x4, d_ff 6", 2, 4, 6, 305}};
    for (const auto& [input, T, d_model, d_ff, seed] : inputs) {
        const Ff f(d_model, d_ff, seed);
        arma::arma_rng::set_seed(seed + 1);
        const arma::mat X = arma::randn(T, d_model);
        Probe& p = d.probe(
            input,
            [X, f] {
                const attn::FeedForwardResult r = attn::feed_forward(X, f.W_1, f.b_1, f.W_2, f.b_2);
                return ff_result(r.y, r.H);
            },
            ff_result(ff_by_loops(X, f.W_1, f.b_1, f.W_2, f.b_2)));
        auto with = [&](FfSlip s) { return ff_result(ff_by_loops(X, f.W_1, f.b_1, f.W_2, f.b_2, s)); };
        // X W_1 + b_1 (or H W_2 + b_2) with a plain +: Armadillo refuses T rows plus one
        p.variant(m::bias_added_without_each_row, Result::throws(Threw::armadillo_size, "addition"))
            .labelled("M + b")
            .variant(m::bias_added_without_each_row, Result::throws(Threw::armadillo_size, "each_col()"))
            .labelled("M.each_col() += b")
            .variant(m::feed_forward_without_relu, with(FfSlip::no_relu))
            .labelled("no relu")
            .variant(m::feed_forward_without_relu, with(FfSlip::y_before_relu))
            .labelled("y from the hidden layer before the relu")
            .variant(m::feed_forward_relu_on_output, with(FfSlip::relu_on_output))
            .labelled("on the output instead")
            .variant(m::feed_forward_relu_on_output, with(FfSlip::relu_also_output))
            .labelled("on the output as well")
            .variant(m::feed_forward_without_b1, with(FfSlip::no_b1))
            .variant(m::feed_forward_without_b2, with(FfSlip::no_b2))
            .variant(m::feed_forward_relu_before_bias, with(FfSlip::relu_before_bias))
            .variant(m::feed_forward_hidden_before_relu, with(FfSlip::hidden_before_relu))
            .variant(m::feed_forward_relu_as_column_max, with(FfSlip::relu_column_max));
        const std::vector<std::tuple<Act, const char*, const char*>> acts = {
            {Act::leaky_001, "leaky relu", "a leaky relu (negative entries times 0.01)"},
            {Act::leaky_01, "leaky relu 0.1", "a leaky relu (negative entries times 0.1)"},
            {Act::leaky_02, "leaky relu 0.2", "a leaky relu (negative entries times 0.2)"},
            {Act::clamp_one, "clamp(0, 1)", "clamp(0.0, 1.0), which also cuts every entry above 1 down to 1"},
            {Act::min_zero, "min(z, 0)", "min(z, 0): the relu's condition reversed, the negative entries kept and the positive ones zeroed"},
            {Act::twice, "z + |z|", "z + |z| without the / 2, twice the relu"},
            {Act::gelu_tanh, "GELU (tanh)", "a GELU (the tanh approximation of BERT and GPT)"},
            {Act::gelu_erf, "GELU (erf)", "a GELU (z Phi(z), with erf)"},
            {Act::sigmoid, "sigmoid", "a sigmoid"},
            {Act::tanh, "tanh", "a tanh"},
            {Act::abs, "|z|", "|z|, the negative entries flipped instead of zeroed"}};
        for (const auto& [a, how, detail] : acts)
            p.variant(m::feed_forward_activation_not_relu, ff_result(ff_activation_by_loops(X, f.W_1, f.b_1, f.W_2, f.b_2, a)),
                      detail)
                .labelled(how);
        auto more = [&](FfMore s) { return ff_result(ff_more_by_loops(X, f.W_1, f.b_1, f.W_2, f.b_2, s)); };
        // a hand-written product's sum run to the other one's width: H W_2 over the first d_model
        // hidden units only (d_model < d_ff here), or X W_1 over d_ff terms, past X's last column
        {
            FfByLoops r = ff_by_loops(X, f.W_1, f.b_1, f.W_2, f.b_2);
            const arma::uword dm = X.n_cols;
            r.y = product_by_loops(r.H.cols(0, dm - 1), f.W_2.rows(0, dm - 1));
            r.y.each_row() += f.b_2;
            p.variant(m::feed_forward_sum_to_other_width, ff_result(r)).labelled("H W_2 summed to d_model");
            p.variant(m::feed_forward_sum_to_other_width, Result::throws(Threw::armadillo_index))
                .labelled("X W_1 summed to d_ff");
        }
        {
            FfByLoops r = ff_by_loops(X, f.W_1, f.b_1, f.W_2, f.b_2);
            for (arma::uword i = 0; i < r.y.n_rows; ++i)
                for (arma::uword j = 0; j < r.y.n_cols; ++j) r.y(i, j) += X(i, j);
            p.variant(m::feed_forward_residual_added, ff_result(r));
        }
        p.variant(m::feed_forward_b1_twice, more(FfMore::b1_twice))
            .variant(m::feed_forward_loop_bound_of_another_size, more(FfMore::relu_columns_to_t))
            .labelled("the relu's column loop to T")
            .variant(m::feed_forward_loop_bound_of_another_size, more(FfMore::first_inner_to_t))
            .labelled("X W_1's inner sum to T")
            .variant(m::feed_forward_loop_bound_of_another_size, more(FfMore::second_inner_to_t))
            .labelled("H W_2's inner sum to T")
            .variant(m::feed_forward_relu_inside_sum, more(FfMore::relu_in_sum_bias_first))
            .labelled("b_1 first")
            .variant(m::feed_forward_relu_inside_sum, more(FfMore::relu_in_sum_bias_last))
            .labelled("b_1 after the loop");
        // b_1 indexed by the row i where its column j belongs (b_1(i), past its end where T > d_ff,
        // or b_1(i % d_ff) kept inside it)
        p.variant(m::layer_norm_indexed_by_row,
                  X.n_rows <= f.W_1.n_cols ? more(FfMore::b1_by_row) : Result::throws(Threw::armadillo_index))
            .labelled("b_1(i)")
            .variant(m::layer_norm_indexed_by_row, more(FfMore::b1_by_row_wrapped))
            .labelled("b_1(i % b_1.n_elem)");
        arma::mat b2(T, d_model);
        for (arma::uword r = 0; r < T; ++r) b2.row(r) = f.b_2;
        p.term("b_2", "y", b2);
    }
    return d;
}

// ================================================================= blocks
// Random weights of every size different: d_model 6, 2 heads (or 3) of d_k 2 and d_v 3,
// d_ff 10, gains away from 1 and biases away from 0.
constexpr arma::uword kDModel = 6, kHeads = 2, kDk = 2, kDv = 3, kDff = 10;

attn::AttentionWeights random_attention(arma::uword heads = kHeads) {
    attn::AttentionWeights a;
    a.W_q = arma::randn(kDModel, heads * kDk) * 0.7;
    a.W_k = arma::randn(kDModel, heads * kDk) * 0.7;
    a.W_v = arma::randn(kDModel, heads * kDv) * 0.7;
    a.W_o = arma::randn(heads * kDv, kDModel) * 0.7;
    a.heads = heads;
    return a;
}
attn::NormWeights random_norm() {
    return {1.0 + 0.3 * arma::randn<arma::rowvec>(kDModel), 0.2 * arma::randn<arma::rowvec>(kDModel)};
}
attn::FeedForwardWeights random_ff() {
    return {arma::randn(kDModel, kDff) * 0.6, arma::randn<arma::rowvec>(kDff) * 0.3, arma::randn(kDff, kDModel) * 0.5,
            arma::randn<arma::rowvec>(kDModel) * 0.2};
}
attn::EncoderBlockWeights random_encoder(int seed, arma::uword heads = kHeads) {
    arma::arma_rng::set_seed(seed);
    attn::EncoderBlockWeights w;
    w.self = random_attention(heads);
    w.norm1 = random_norm();
    w.ff = random_ff();
    w.norm2 = random_norm();
    return w;
}
attn::DecoderBlockWeights random_decoder(int seed, arma::uword self_heads = kHeads, arma::uword cross_heads = kHeads) {
    arma::arma_rng::set_seed(seed);
    attn::DecoderBlockWeights w;
    w.self = random_attention(self_heads);
    w.norm1 = random_norm();
    w.cross = random_attention(cross_heads);
    w.norm2 = random_norm();
    w.ff = random_ff();
    w.norm3 = random_norm();
    return w;
}

// Tokens whose rows differ in scale and offset, so that no sub-layer hides another.
arma::mat random_tokens(arma::uword L, int seed) {
    arma::arma_rng::set_seed(seed);
    arma::mat X = arma::randn(L, kDModel);
    for (arma::uword r = 0; r < L; ++r) X.row(r) = X.row(r) * (0.5 + 0.5 * static_cast<double>(r)) + 0.3 * static_cast<double>(r);
    return X;
}

// What the learner's code throws on the way, where a slip makes a piece refuse its input.
struct Refused {
    Result what;
};

// Multi-head attention by loops (each head its own block of columns, divided by
// sqrt(its d_k), tests/support/oracles.hpp's attention per head), with a mask or none.
arma::mat mha_by_loops(const arma::mat& X_q, const arma::mat& X_kv, const attn::AttentionWeights& a,
                       const arma::mat& mask = arma::mat(), bool concat_only = false) {
    if (mask.n_elem && (mask.n_rows != X_q.n_rows || mask.n_cols != X_kv.n_rows))
        throw Refused{Result::throws(Threw::shape_error, "mask " + shape(mask.n_rows, mask.n_cols))};
    // another attention's matrix in one role: W_k not as wide as W_q, or W_o not as tall as W_v is wide
    if (a.W_k.n_cols != a.W_q.n_cols || a.W_o.n_rows != a.W_v.n_cols)
        throw Refused{Result::throws(Threw::shape_error)};
    // a head count the projections do not split into (multi_head_attention and split_heads say "heads")
    if (a.W_q.n_cols % a.heads != 0 || a.W_v.n_cols % a.heads != 0)
        throw Refused{Result::throws(Threw::shape_error, "heads")};
    const arma::mat Q = product_by_loops(X_q, a.W_q), K = product_by_loops(X_kv, a.W_k), V = product_by_loops(X_kv, a.W_v);
    const arma::uword h = a.heads, dk = a.W_q.n_cols / h, dv = a.W_v.n_cols / h;
    arma::mat concat(X_q.n_rows, h * dv);
    for (arma::uword head = 0; head < h; ++head) {
        const arma::mat z = attention_by_loops(Q.cols(head * dk, (head + 1) * dk - 1), K.cols(head * dk, (head + 1) * dk - 1),
                                               V.cols(head * dv, (head + 1) * dv - 1), mask)
                                .output;
        concat.cols(head * dv, (head + 1) * dv - 1) = z;
    }
    if (concat_only) {
        // multi_head_attention(...).concat, L x (h d_v), added to an L x d_model residual
        if (concat.n_cols != a.W_o.n_cols) throw Refused{Result::throws(Threw::armadillo_size, shape(concat.n_rows, concat.n_cols))};
        return concat;
    }
    return product_by_loops(concat, a.W_o);
}

// How the blocks call layer_norm: eps (layer_norm's default 1e-5 unless a slip passes another) and
// whether .xhat is taken for .y (the norms named in `xhat_norms`, 1-based; 0: none).
struct NormCall {
    double eps = 1e-5;
    unsigned xhat_norms = 0;  // bit k - 1: norm k taken as .xhat
};
// layer_norm by loops as one block computed by loops calls it, its norms counted in order.
class Norms {
public:
    explicit Norms(const NormCall& call) : call_(call) {}
    arma::mat operator()(const arma::mat& X, const attn::NormWeights& n) {
        const unsigned k = ++count_;
        const NormByLoops r = layer_norm_by_loops(X, n.gain, n.bias, call_.eps);
        return k < 32 && ((call_.xhat_norms >> (k - 1)) & 1u) ? r.xhat : r.y;
    }

private:
    NormCall call_;
    unsigned count_ = 0;
};
arma::mat ff(const arma::mat& X, const attn::FeedForwardWeights& f) { return ff_by_loops(X, f).y; }

// a + b, or the error Armadillo gives a learner's + of two matrices of other shapes.
arma::mat plus(const arma::mat& a, const arma::mat& b) {
    if (a.n_rows != b.n_rows || a.n_cols != b.n_cols) throw Refused{Result::throws(Threw::armadillo_size, "addition")};
    return a + b;
}

// The natural wrong ways of writing a block (each name says what it does; "first",
// "second" and "third" count the sub-layers).
enum class Block {
    right,
    no_residual,           // no sub-layer's input added back
    no_residual_first,     // only the first sub-layer without it
    no_residual_second,    // only the second (decoder: the cross-attention)
    no_residual_last,      // only the feed-forward sub-layer
    pre_norm,              // x + sublayer(layer_norm(x)), no norm after
    residual_after_norm,   // x + layer_norm(sublayer(x))
    ff_reads_input,        // the feed-forward layer on the block's input
    ff_reads_first,        // decoder: the feed-forward layer on H1
    norm1_everywhere,      // norm1's gain and bias for every norm
    last_norm_everywhere,  // the last norm's weights for every norm
    norms_swapped,         // encoder: norm2 first and norm1 last; decoder: norm2 and norm3 traded
    last_norm_missing,
    first_norm_missing,
    middle_norm_missing,   // decoder: the norm after the cross-attention
    no_norm,
    last_residual_from_input,    // the last sub-layer adds the block's input back
    decoder_residual_from_first, // decoder: the last sub-layer adds H1 back
    cross_residual_from_input,   // decoder: the cross-attention adds Y back
    encoder_masked,        // the encoder's self-attention with the causal mask
    decoder_unmasked,      // the decoder's self-attention without it
    mask_of_encoder_length,  // causal_mask(H_enc.n_rows) for the self-attention
    cross_reads_first,     // cross-attention keys and values from H1
    cross_reads_input,     // cross-attention keys and values from Y
    cross_queries_from_input,  // cross-attention queries from Y
    cross_self_weights,    // the cross-attention with w.self
    attention_weights_traded,  // the self-attention with w.cross, the cross-attention with w.self
    sublayers_out_of_order,    // encoder: the feed-forward sub-layer first; decoder: the cross-attention first
    one_head,              // every attention with heads = 1 (one attention over the whole projections)
    one_head_self,         // decoder: only the self-attention with heads = 1
    one_head_cross,        // decoder: only the cross-attention with heads = 1
    two_heads,             // the example's 2 heads written in (decoder: w.self.heads for the cross-attention too)
    gain_bias_swapped,     // every norm called as layer_norm(x, bias, gain)
    first_norms_swapped,   // decoder: norm1 and norm2 traded
    outer_norms_swapped,   // decoder: norm1 and norm3 traded
    last_residual_from_attention,  // encoder: the attention's output (before its residual) added back in the last
    ff_hidden_layer,       // feed_forward(...).H, the L x d_ff hidden layer, taken for its output .y
    norm1_for_second,      // decoder: norm1 again after the cross-attention
    norm1_for_last,        // decoder: norm1 again after the feed-forward layer
    norm2_for_last,        // decoder: norm2 again after the feed-forward layer
    ff_reads_unnormed,     // the feed-forward layer on the last sum before its norm (X + att; decoder: H1 + cross)
    residual_from_unnormed,  // the last residual adds that sum instead of the norm's output
    extra_residual_last,   // LN(x + f(x)) + x for the last sub-layer
    extra_residual_every,  // LN(x + f(x)) + x for every sub-layer
    norm_input_then_add,   // LN(x) + f(x) for every sub-layer: the input normalised, the sub-layer's output added after
    xhat_every,            // every norm's .xhat taken for .y
    xhat_first,            // the first norm's
    xhat_last,             // the last norm's
    ff_left_out,           // the block returns before the feed-forward sub-layer (H; decoder: H2)
    cross_left_out,        // decoder: no cross-attention sub-layer, norm3 after the feed-forward layer
    cross_left_out_norm2,  // decoder: the same with norm2 after the feed-forward layer
    concat_self,           // the self-attention's .concat taken for .output
    concat_cross,          // decoder: the cross-attention's
    concat_both,           // decoder: both
    k_by_w_q_self,         // the self-attention called with W_q as its W_k
    q_by_w_k_self,         // ... with W_k as its W_q
    q_k_swapped_self,      // ... with W_q and W_k traded
    k_by_w_q_cross,        // decoder: the same three for the cross-attention
    q_by_w_k_cross,
    q_k_swapped_cross,
    cross_w_q_of_self,     // decoder: one of the cross-attention's four matrices taken from w.self
    cross_w_k_of_self,
    cross_w_v_of_self,
    cross_w_o_of_self,
    mask_past,             // decoder: the self-attention's mask hides j < i (the wrong triangle, causal_mask(L).t())
    mask_diagonal_too,     // ... hides j >= i (a row of nothing visible gets zeros)
    mask_zero_one,         // ... 1 on and below the diagonal, 0 above (trimatl of ones)
    mask_diagonal_only,    // ... hides every j != i
    mask_shows_next,       // ... leaves j = i + 1 visible
    first_sublayer_lost,   // the self-attention sub-layer's result never reaches the next one (H = X; decoder: H1 = Y)
};

// A role of the attention a given another role's matrix: W_q as W_k, W_k as W_q, or the two
// traded (how 0 to 2); W_k and W_v traded, W_v as W_k, or W_k as W_v (how 3 to 5: a call to
// multi_head_attention refuses them unless d_v = d_k).
attn::AttentionWeights roles_mixed(const attn::AttentionWeights& a, int how) {
    attn::AttentionWeights b = a;
    if (how == 0) b.W_k = a.W_q;
    if (how == 1) b.W_q = a.W_k;
    if (how == 2) b.W_q = a.W_k, b.W_k = a.W_q;
    if (how == 3) b.W_k = a.W_v, b.W_v = a.W_k;
    if (how == 4) b.W_k = a.W_v;
    if (how == 5) b.W_v = a.W_k;
    return b;
}
// The slips of roles_mixed that involve W_v, each with its label.
const std::vector<std::pair<int, std::string>>& value_roles_mixed() {
    static const std::vector<std::pair<int, std::string>> ways = {
        {3, "W_k and W_v traded"}, {4, "W_v as W_k"}, {5, "W_k as W_v"}};
    return ways;
}
// The same attention with values as wide as the keys (d_v = d_k): W_v's first h d_k columns,
// W_o's first h d_k rows. Where d_v differs from d_k, a call with W_k and W_v out of their
// places is refused; here it gives numbers, each slip its own.
attn::AttentionWeights values_as_wide_as_keys(const attn::AttentionWeights& a) {
    attn::AttentionWeights b = a;
    const arma::uword width = a.W_q.n_cols;
    b.W_v = a.W_v.cols(0, width - 1);
    b.W_o = a.W_o.rows(0, width - 1);
    return b;
}
// A causal mask of L tokens built the wrong way: which keys it hides (-inf, or 0 / 1 for mask_zero_one).
arma::mat wrong_causal_mask(arma::uword L, Block b) {
    arma::mat M(L, L, arma::fill::zeros);
    const double hidden = -arma::datum::inf;
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = 0; j < L; ++j) {
            if (b == Block::mask_past && j < i) M(i, j) = hidden;
            if (b == Block::mask_diagonal_too && j >= i) M(i, j) = hidden;
            if (b == Block::mask_zero_one) M(i, j) = j <= i ? 1.0 : 0.0;
            if (b == Block::mask_diagonal_only && j != i) M(i, j) = hidden;
            if (b == Block::mask_shows_next && j > i + 1) M(i, j) = hidden;
        }
    return M;
}

// A norm's gain and bias traded, as layer_norm(x, n.bias, n.gain) reads them.
attn::NormWeights traded(const attn::NormWeights& n) { return {n.bias, n.gain}; }

// The weights a with another head count.
attn::AttentionWeights with_heads(const attn::AttentionWeights& a, arma::uword heads) {
    attn::AttentionWeights b = a;
    b.heads = heads;
    return b;
}

// One post-norm sub-layer: layer_norm(residual + f(x)) in the right way; `keep` is what is
// added back (the input x unless a slip says otherwise, nothing when residual is false).
struct Sublayer {
    bool residual = true, pre_norm = false, after_norm = false, norm = true;
    bool extra_after = false;  // x added again after the norm
    bool norm_then_add = false;  // layer_norm(x) + f(x): the input normalised, then the output added
    const arma::mat* keep = nullptr;
};
arma::mat sublayer(Norms& ln, const arma::mat& x, const attn::NormWeights& n,
                   const std::function<arma::mat(const arma::mat&)>& f, const Sublayer& s) {
    const arma::mat& back = s.keep ? *s.keep : x;
    if (s.pre_norm) return plus(x, f(ln(x, n)));
    if (s.after_norm) return plus(x, ln(f(x), n));
    if (s.norm_then_add) return plus(ln(x, n), f(x));
    const arma::mat sum = s.residual ? plus(back, f(x)) : f(x);
    const arma::mat out = s.norm ? ln(sum, n) : sum;
    return s.extra_after ? plus(out, x) : out;
}

Result block_result(const arma::mat& out) { return result("output", out, kFeatures); }

// What a block gives when feed_forward(...).H (L x d_ff) is added where .y (L x d_model)
// belongs: Armadillo refuses the sum, its message naming the L x d_ff operand (either
// order of the two operands).
Result hidden_layer_added(arma::uword L, const attn::FeedForwardWeights& f) {
    return Result::throws(Threw::armadillo_size, shape(L, f.W_1.n_cols));
}

Result encoder_by_loops(const arma::mat& X, const attn::EncoderBlockWeights& w, Block b = Block::right,
                        const NormCall& call = {}) {
    if (b == Block::gain_bias_swapped) {
        attn::EncoderBlockWeights t = w;
        t.norm1 = traded(w.norm1), t.norm2 = traded(w.norm2);
        return encoder_by_loops(X, t, Block::right, call);
    }
    if (b == Block::ff_hidden_layer) return hidden_layer_added(X.n_rows, w.ff);
    if (b == Block::xhat_every || b == Block::xhat_first || b == Block::xhat_last) {
        return encoder_by_loops(X, w, Block::right, {1e-5, b == Block::xhat_every ? 3u : b == Block::xhat_first ? 1u : 2u});
    }
    Norms ln(call);
    try {
        Sublayer one, two;
        one.extra_after = b == Block::extra_residual_every;
        two.extra_after = b == Block::extra_residual_every || b == Block::extra_residual_last;
        one.pre_norm = two.pre_norm = b == Block::pre_norm;
        one.after_norm = two.after_norm = b == Block::residual_after_norm;
        one.norm_then_add = two.norm_then_add = b == Block::norm_input_then_add;
        one.residual = b != Block::no_residual && b != Block::no_residual_first;
        two.residual = b != Block::no_residual && b != Block::no_residual_last;
        one.norm = b != Block::first_norm_missing && b != Block::no_norm;
        two.norm = b != Block::last_norm_missing && b != Block::no_norm;
        if (b == Block::last_residual_from_input) two.keep = &X;
        const attn::NormWeights& n1 = b == Block::last_norm_everywhere || b == Block::norms_swapped ? w.norm2 : w.norm1;
        const attn::NormWeights& n2 = b == Block::norm1_everywhere || b == Block::norms_swapped ? w.norm1 : w.norm2;
        const arma::mat mask = b == Block::encoder_masked ? causal_mask_by_loops(X.n_rows) : arma::mat();
        if (b == Block::sublayers_out_of_order) {
            const arma::mat F = ln(X + ff(X, w.ff), w.norm1);
            return block_result(ln(F + mha_by_loops(F, F, w.self), w.norm2));
        }
        attn::AttentionWeights self = b == Block::one_head    ? with_heads(w.self, 1)
                                      : b == Block::two_heads ? with_heads(w.self, 2)
                                                              : w.self;
        if (b == Block::k_by_w_q_self) self = roles_mixed(w.self, 0);
        if (b == Block::q_by_w_k_self) self = roles_mixed(w.self, 1);
        if (b == Block::q_k_swapped_self) self = roles_mixed(w.self, 2);
        const bool concat = b == Block::concat_self;
        if (b == Block::ff_reads_unnormed || b == Block::residual_from_unnormed) {
            const arma::mat S = plus(X, mha_by_loops(X, X, self, mask)), H = ln(S, n1);
            if (b == Block::ff_reads_unnormed) return block_result(ln(plus(H, ff(S, w.ff)), n2));
            return block_result(ln(plus(S, ff(H, w.ff)), n2));
        }
        const arma::mat H =
            b == Block::first_sublayer_lost
                ? X
                : sublayer(ln, X, n1, [&](const arma::mat& x) { return mha_by_loops(x, x, self, mask, concat); }, one);
        if (b == Block::ff_left_out) return block_result(H);
        const arma::mat attention = b == Block::last_residual_from_attention ? mha_by_loops(X, X, self, mask) : arma::mat();
        if (b == Block::last_residual_from_attention) two.keep = &attention;
        return block_result(
            sublayer(ln, H, n2, [&](const arma::mat& x) { return ff(b == Block::ff_reads_input ? X : x, w.ff); }, two));
    } catch (const Refused& r) {
        return r.what;
    }
}

// `cross_projection`: how the cross-attention's inputs were projected (of the slips of
// tests/support/families.hpp, only the two sequences' roles traded: the queries from H_enc,
// the keys and values from H1); `cross_mask`: the mask it was given (none, right).
Result decoder_by_loops(const arma::mat& Y, const arma::mat& H_enc, const attn::DecoderBlockWeights& w,
                        Block b = Block::right, const ProjectionWay& cross_projection = {},
                        const arma::mat& cross_mask = arma::mat(), const NormCall& call = {}) {
    if (b == Block::gain_bias_swapped || b == Block::first_norms_swapped || b == Block::outer_norms_swapped) {
        attn::DecoderBlockWeights t = w;
        if (b == Block::gain_bias_swapped) t.norm1 = traded(w.norm1), t.norm2 = traded(w.norm2), t.norm3 = traded(w.norm3);
        if (b == Block::first_norms_swapped) t.norm1 = w.norm2, t.norm2 = w.norm1;
        if (b == Block::outer_norms_swapped) t.norm1 = w.norm3, t.norm3 = w.norm1;
        return decoder_by_loops(Y, H_enc, t, Block::right, {}, arma::mat(), call);
    }
    if (b == Block::ff_hidden_layer) return hidden_layer_added(Y.n_rows, w.ff);
    if (b == Block::xhat_every || b == Block::xhat_first || b == Block::xhat_last) {
        return decoder_by_loops(Y, H_enc, w, Block::right, {}, arma::mat(),
                                {1e-5, b == Block::xhat_every ? 7u : b == Block::xhat_first ? 1u : 4u});
    }
    Norms ln(call);
    try {
        Sublayer one, two, three;
        one.extra_after = two.extra_after = b == Block::extra_residual_every;
        three.extra_after = b == Block::extra_residual_every || b == Block::extra_residual_last;
        one.pre_norm = two.pre_norm = three.pre_norm = b == Block::pre_norm;
        one.after_norm = two.after_norm = three.after_norm = b == Block::residual_after_norm;
        one.norm_then_add = two.norm_then_add = three.norm_then_add = b == Block::norm_input_then_add;
        one.residual = b != Block::no_residual && b != Block::no_residual_first;
        two.residual = b != Block::no_residual && b != Block::no_residual_second;
        three.residual = b != Block::no_residual && b != Block::no_residual_last;
        one.norm = b != Block::first_norm_missing && b != Block::no_norm;
        two.norm = b != Block::middle_norm_missing && b != Block::no_norm;
        three.norm = b != Block::last_norm_missing && b != Block::no_norm;
        const bool one_norm = b == Block::norm1_everywhere, last_norm = b == Block::last_norm_everywhere;
        const attn::NormWeights& n1 = last_norm ? w.norm3 : w.norm1;
        const attn::NormWeights& n2 = one_norm || b == Block::norm1_for_second ? w.norm1
                                      : last_norm || b == Block::norms_swapped ? w.norm3
                                                                               : w.norm2;
        const attn::NormWeights& n3 = one_norm || b == Block::norm1_for_last                ? w.norm1
                                      : b == Block::norms_swapped || b == Block::norm2_for_last ? w.norm2
                                                                                                : w.norm3;
        const bool built_wrong = b == Block::mask_past || b == Block::mask_diagonal_too || b == Block::mask_zero_one ||
                                 b == Block::mask_diagonal_only || b == Block::mask_shows_next;
        const arma::mat causal = b == Block::decoder_unmasked         ? arma::mat()
                                 : b == Block::mask_of_encoder_length ? causal_mask_by_loops(H_enc.n_rows)
                                 : built_wrong                        ? wrong_causal_mask(Y.n_rows, b)
                                                                      : causal_mask_by_loops(Y.n_rows);
        const bool one_self = b == Block::one_head || b == Block::one_head_self;
        const bool one_cross = b == Block::one_head || b == Block::one_head_cross;
        const attn::AttentionWeights& self_weights = b == Block::attention_weights_traded ? w.cross : w.self;
        attn::AttentionWeights self =
            with_heads(self_weights, one_self ? 1 : b == Block::two_heads ? 2 : self_weights.heads);
        if (b == Block::k_by_w_q_self) self = roles_mixed(w.self, 0);
        if (b == Block::q_by_w_k_self) self = roles_mixed(w.self, 1);
        if (b == Block::q_k_swapped_self) self = roles_mixed(w.self, 2);
        const bool self_concat = b == Block::concat_self || b == Block::concat_both;
        const bool cross_concat = b == Block::concat_cross || b == Block::concat_both;
        if (b == Block::sublayers_out_of_order) {
            const arma::mat C = ln(Y + mha_by_loops(Y, H_enc, w.cross), w.norm1);
            const arma::mat S = ln(C + mha_by_loops(C, C, w.self, causal), w.norm2);
            return block_result(ln(S + ff(S, w.ff), w.norm3));
        }
        const arma::mat H1 =
            b == Block::first_sublayer_lost
                ? Y
                : sublayer(ln, Y, n1, [&](const arma::mat& x) { return mha_by_loops(x, x, self, causal, self_concat); },
                           one);
        if (b == Block::cross_left_out || b == Block::cross_left_out_norm2)
            return block_result(ln(plus(H1, ff(H1, w.ff)), b == Block::cross_left_out ? w.norm3 : w.norm2));
        if (b == Block::cross_residual_from_input) two.keep = &Y;
        const attn::AttentionWeights& cross_weights =
            b == Block::cross_self_weights || b == Block::attention_weights_traded ? w.self : w.cross;
        attn::AttentionWeights cross = with_heads(cross_weights, one_cross              ? 1
                                                                 : b == Block::two_heads ? 2
                                                                                         : cross_weights.heads);
        if (b == Block::k_by_w_q_cross) cross = roles_mixed(w.cross, 0);
        if (b == Block::q_by_w_k_cross) cross = roles_mixed(w.cross, 1);
        if (b == Block::q_k_swapped_cross) cross = roles_mixed(w.cross, 2);
        if (b == Block::cross_w_q_of_self) cross.W_q = w.self.W_q;
        if (b == Block::cross_w_k_of_self) cross.W_k = w.self.W_k;
        if (b == Block::cross_w_v_of_self) cross.W_v = w.self.W_v;
        if (b == Block::cross_w_o_of_self) cross.W_o = w.self.W_o;
        if (b == Block::ff_reads_unnormed || b == Block::residual_from_unnormed) {
            const arma::mat S = plus(H1, mha_by_loops(H1, H_enc, cross, cross_mask)), H2 = ln(S, n2);
            if (b == Block::ff_reads_unnormed) return block_result(ln(plus(H2, ff(S, w.ff)), n3));
            return block_result(ln(plus(S, ff(H2, w.ff)), n3));
        }
        const arma::mat H2 = sublayer(
            ln, H1, n2,
            [&](const arma::mat& q) {
                // in the pre-norm slip q is layer_norm(H1): the queries, with the encoder as keys and values
                const arma::mat& queries = b == Block::cross_queries_from_input ? Y : q;
                const arma::mat& source = b == Block::cross_reads_first ? H1 : b == Block::cross_reads_input ? Y : H_enc;
                if (cross_projection.sources_swapped) return mha_by_loops(H_enc, q, cross, cross_mask);
                return mha_by_loops(queries, source, cross, cross_mask, cross_concat);
            },
            two);
        if (b == Block::ff_left_out) return block_result(H2);
        if (b == Block::last_residual_from_input) three.keep = &Y;
        if (b == Block::decoder_residual_from_first) three.keep = &H1;
        return block_result(sublayer(
            ln, H2, n3,
            [&](const arma::mat& x) {
                return ff(b == Block::ff_reads_input ? Y : b == Block::ff_reads_first ? H1 : x, w.ff);
            },
            three));
    } catch (const Refused& r) {
        return r.what;
    }
}

// The slips an encoder and a decoder share, with the mistake each is named by.
struct BlockSlip {
    Block block;
    const Mistake* mistake;
    const char* how;
};
std::vector<BlockSlip> shared_block_slips() {
    return {{Block::no_residual, &m::block_residual_left_out, "every sub-layer"},
            {Block::no_residual_first, &m::block_residual_left_out, "the self-attention's"},
            {Block::no_residual_last, &m::block_residual_left_out, "the feed-forward's"},
            {Block::pre_norm, &m::block_pre_norm, ""},
            {Block::residual_after_norm, &m::block_residual_after_norm, ""},
            {Block::ff_reads_input, &m::block_ff_reads_block_input, "the block's input"},
            {Block::norm1_everywhere, &m::block_norm_weights_reused, "norm1 everywhere"},
            {Block::last_norm_everywhere, &m::block_norm_weights_reused, "the last norm everywhere"},
            {Block::norms_swapped, &m::block_norm_weights_reused, "two norms traded"},
            {Block::last_norm_missing, &m::block_norm_left_out, "the last"},
            {Block::first_norm_missing, &m::block_norm_left_out, "the first"},
            {Block::no_norm, &m::block_norm_left_out, "every one"},
            {Block::last_residual_from_input, &m::block_residual_wrong_input, "the block's input into the last"},
            {Block::sublayers_out_of_order, &m::block_sublayers_out_of_order, ""},
            {Block::one_head, &m::block_head_count_not_the_weights, "heads = 1"},
            {Block::two_heads, &m::block_head_count_not_the_weights, "heads = 2 written in"},
            {Block::gain_bias_swapped, &m::layer_norm_gain_bias_swapped, "layer_norm(x, bias, gain)"},
            {Block::ff_hidden_layer, &m::block_ff_hidden_layer_taken, ""},
            {Block::first_sublayer_lost, &m::block_sublayer_result_lost, "the self-attention's"}};
}

// A block whose norms were all called with another eps than layer_norm's default: `block(eps)`
// gives the block with that eps. Fits a result when some eps, 0 or 1e-12 .. 1 and not within a
// few percent of 1e-5, gives it: a coarse search over log10(eps), then a golden-section one.
Probe& eps_slip(Probe& p, const Mistake& mistake, const std::function<Result(double)>& block) {
    auto fits = [block](const Result& got) {
        if (got.threw != Threw::nothing || got.parts.size() != 1) return false;
        const arma::mat& g = got.parts[0].value;
        auto error = [&](double lg) {
            const Result r = block(std::pow(10.0, lg));
            if (r.threw != Threw::nothing || r.parts.empty() || arma::size(r.parts[0].value) != arma::size(g))
                return arma::datum::inf;
            return arma::abs(r.parts[0].value - g).max();
        };
        if (same_result(got, block(0.0))) return true;
        double best = -12, best_err = arma::datum::inf;
        for (double lg = -12; lg <= 0.001; lg += 0.5)
            if (const double e = error(lg); e < best_err) best_err = e, best = lg;
        double a = best - 0.5, b = best + 0.5;
        const double phi = (std::sqrt(5.0) - 1) / 2;
        for (int i = 0; i < 40; ++i) {
            const double c = b - phi * (b - a), d = a + phi * (b - a);
            if (error(c) < error(d)) b = d; else a = c;
        }
        const double lg = (a + b) / 2;
        return std::abs(lg + 5.0) > 0.02 && same_result(got, block(std::pow(10.0, lg)));
    };
    return p.variant_fitting(mistake, block(1e-3), fits).labelled("eps = 1e-3, or any other");
}

// More slips an encoder and a decoder share (kept apart from shared_block_slips, which the
// chapter's other tests read as they are).
std::vector<BlockSlip> more_block_slips() {
    return {{Block::ff_reads_unnormed, &m::block_ff_reads_block_input, "the sum before the norm"},
            {Block::residual_from_unnormed, &m::block_residual_wrong_input, "the sum before the norm into the last"},
            {Block::extra_residual_last, &m::block_residual_after_norm, "added again after the last norm"},
            {Block::extra_residual_every, &m::block_residual_after_norm, "added again after every norm"},
            {Block::norm_input_then_add, &m::block_norm_then_add, ""},
            {Block::xhat_every, &m::block_norm_xhat_taken, "every norm"},
            {Block::xhat_first, &m::block_norm_xhat_taken, "the first norm"},
            {Block::xhat_last, &m::block_norm_xhat_taken, "the last norm"},
            {Block::concat_self, &m::block_attention_concat_taken, "the self-attention's"}};
}

Diagnosis encoder_block_diagnosis() {
    Diagnosis d("encoder_block");
    attn::EncoderBlockWeights plain_last = random_encoder(403);
    plain_last.norm2 = {arma::rowvec(kDModel, arma::fill::ones), arma::rowvec(kDModel, arma::fill::zeros)};
    const std::vector<std::tuple<std::string, arma::mat, attn::EncoderBlockWeights>> inputs = {
        {"X 5x6 (2 heads of d_k 2 and d_v 3, d_ff 10)", random_tokens(5, 402), random_encoder(401)},
        {"X 4x6, the last norm with gain 1 and bias 0", random_tokens(4, 404), plain_last},
        {"X 3x6", random_tokens(3, 406), random_encoder(405)},
        {"X 4x6, 3 heads of d_k 2 and d_v 3", random_tokens(4, 410), random_encoder(409, 3)},
        {"X 4x6, 2 heads of d_k 2 and d_v 2 (values as wide as keys)", random_tokens(4, 412),
         [] {
             attn::EncoderBlockWeights w = random_encoder(411);
             w.self = values_as_wide_as_keys(w.self);
             return w;
         }()}};
    for (const auto& [input, X, w] : inputs) {
        const arma::mat x = X;
        const attn::EncoderBlockWeights ww = w;
        Probe& p = d.probe(input, [x, ww] { return block_result(attn::encoder_block(x, ww)); }, encoder_by_loops(x, ww));
        for (const BlockSlip& s : shared_block_slips())
            p.variant(*s.mistake, encoder_by_loops(x, ww, s.block)).labelled(s.how);
        p.variant(m::encoder_masked_self_attention, encoder_by_loops(x, ww, Block::encoder_masked));
        p.variant(m::block_residual_wrong_input, encoder_by_loops(x, ww, Block::last_residual_from_attention))
            .labelled("the attention's output into the last");
        for (const BlockSlip& s : more_block_slips())
            p.variant(*s.mistake, encoder_by_loops(x, ww, s.block)).labelled(s.how);
        p.variant(m::block_projection_roles_mixed, encoder_by_loops(x, ww, Block::k_by_w_q_self))
            .labelled("W_q as W_k")
            .variant(m::block_projection_roles_mixed, encoder_by_loops(x, ww, Block::q_by_w_k_self))
            .labelled("W_k as W_q")
            .variant(m::block_projection_roles_mixed, encoder_by_loops(x, ww, Block::q_k_swapped_self))
            .labelled("W_q and W_k traded")
            .variant(m::block_sublayer_left_out, encoder_by_loops(x, ww, Block::ff_left_out))
            .labelled("the feed-forward");
        for (const auto& [how, label] : value_roles_mixed()) {
            attn::EncoderBlockWeights mixed = ww;
            mixed.self = roles_mixed(ww.self, how);
            p.variant(m::block_projection_roles_mixed, encoder_by_loops(x, mixed)).labelled(label);
        }
        eps_slip(p, m::block_norm_eps_changed, [x, ww](double eps) {
            return encoder_by_loops(x, ww, Block::right, {eps, 0});
        });
    }
    return d;
}

Diagnosis decoder_block_diagnosis() {
    Diagnosis d("decoder_block");
    const std::vector<std::tuple<std::string, arma::mat, arma::mat, attn::DecoderBlockWeights>> inputs = {
        {"Y 4x6 over H_enc 5x6", random_tokens(4, 502), random_tokens(5, 503), random_decoder(501)},
        {"Y 5x6 over H_enc 4x6", random_tokens(5, 508), random_tokens(4, 509), random_decoder(507)},
        {"Y 4x6 over H_enc 4x6 (as many encoder tokens as decoder tokens)", random_tokens(4, 512), random_tokens(4, 513),
         random_decoder(511)},
        {"Y 3x6 over H_enc 5x6, a self-attention of 2 heads and a cross-attention of 3", random_tokens(3, 516),
         random_tokens(5, 517), random_decoder(515, 2, 3)},
        {"Y 4x6 over H_enc 5x6, both attentions with values as wide as keys (d_v = d_k = 2)", random_tokens(4, 520),
         random_tokens(5, 521), [] {
             attn::DecoderBlockWeights w = random_decoder(519);
             w.self = values_as_wide_as_keys(w.self);
             w.cross = values_as_wide_as_keys(w.cross);
             return w;
         }()}};
    for (const auto& [input, Y, H_enc, w] : inputs) {
        const arma::mat y = Y, h = H_enc;
        const attn::DecoderBlockWeights ww = w;
        Probe& p = d.probe(input, [y, h, ww] { return block_result(attn::decoder_block(y, h, ww)); },
                           decoder_by_loops(y, h, ww));
        auto with = [&](Block b) { return decoder_by_loops(y, h, ww, b); };
        for (const BlockSlip& s : shared_block_slips()) p.variant(*s.mistake, with(s.block)).labelled(s.how);
        p.variant(m::block_residual_left_out, with(Block::no_residual_second))
            .labelled("the cross-attention's")
            .variant(m::block_ff_reads_block_input, with(Block::ff_reads_first))
            .labelled("H1")
            .variant(m::block_norm_left_out, with(Block::middle_norm_missing))
            .labelled("the one after the cross-attention")
            .variant(m::block_residual_wrong_input, with(Block::decoder_residual_from_first))
            .labelled("H1 into the last")
            .variant(m::block_norm_weights_reused, with(Block::first_norms_swapped))
            .labelled("norm1 and norm2 traded")
            .variant(m::block_norm_weights_reused, with(Block::outer_norms_swapped))
            .labelled("norm1 and norm3 traded")
            .variant(m::block_norm_weights_reused, with(Block::norm1_for_second))
            .labelled("norm1 for the second norm too")
            .variant(m::block_norm_weights_reused, with(Block::norm1_for_last))
            .labelled("norm1 for the last norm too")
            .variant(m::block_norm_weights_reused, with(Block::norm2_for_last))
            .labelled("norm2 for the last norm too")
            .variant(m::block_residual_wrong_input, with(Block::cross_residual_from_input))
            .labelled("Y into the cross-attention's")
            .variant(m::decoder_without_causal_mask, with(Block::decoder_unmasked))
            .variant(m::block_head_count_not_the_weights, with(Block::one_head_self))
            .labelled("heads = 1 for the self-attention")
            .variant(m::block_head_count_not_the_weights, with(Block::one_head_cross))
            .labelled("heads = 1 for the cross-attention")
            .variant(m::decoder_mask_of_encoder_length, with(Block::mask_of_encoder_length))
            .variant(m::decoder_cross_reads_decoder, with(Block::cross_reads_first))
            .labelled("H1")
            .variant(m::decoder_cross_reads_decoder, with(Block::cross_reads_input))
            .labelled("Y")
            .variant(m::decoder_cross_queries_from_input, with(Block::cross_queries_from_input))
            .variant(m::decoder_cross_uses_self_weights, with(Block::cross_self_weights))
            .labelled("w.self for both")
            .variant(m::decoder_cross_uses_self_weights, with(Block::attention_weights_traded))
            .labelled("w.self and w.cross traded");
        for (const BlockSlip& s : more_block_slips()) p.variant(*s.mistake, with(s.block)).labelled(s.how);
        for (const auto& [how, label] : value_roles_mixed()) {
            attn::DecoderBlockWeights self_mixed = ww, cross_mixed = ww;
            self_mixed.self = roles_mixed(ww.self, how);
            cross_mixed.cross = roles_mixed(ww.cross, how);
            p.variant(m::block_projection_roles_mixed, decoder_by_loops(y, h, self_mixed))
                .labelled(label + " in the self-attention");
            p.variant(m::block_projection_roles_mixed, decoder_by_loops(y, h, cross_mixed))
                .labelled(label + " in the cross-attention");
        }
        p.variant(m::block_attention_concat_taken, with(Block::concat_cross))
            .labelled("the cross-attention's")
            .variant(m::block_attention_concat_taken, with(Block::concat_both))
            .labelled("both attentions'")
            .variant(m::block_projection_roles_mixed, with(Block::k_by_w_q_self))
            .labelled("W_q as W_k in the self-attention")
            .variant(m::block_projection_roles_mixed, with(Block::q_by_w_k_self))
            .labelled("W_k as W_q in the self-attention")
            .variant(m::block_projection_roles_mixed, with(Block::q_k_swapped_self))
            .labelled("W_q and W_k traded in the self-attention")
            .variant(m::block_projection_roles_mixed, with(Block::k_by_w_q_cross))
            .labelled("W_q as W_k in the cross-attention")
            .variant(m::block_projection_roles_mixed, with(Block::q_by_w_k_cross))
            .labelled("W_k as W_q in the cross-attention")
            .variant(m::block_projection_roles_mixed, with(Block::q_k_swapped_cross))
            .labelled("W_q and W_k traded in the cross-attention")
            .variant(m::block_sublayer_left_out, with(Block::ff_left_out))
            .labelled("the feed-forward")
            .variant(m::block_sublayer_left_out, with(Block::cross_left_out))
            .labelled("the cross-attention, norm3 last")
            .variant(m::block_sublayer_left_out, with(Block::cross_left_out_norm2))
            .labelled("the cross-attention, norm2 last")
            .variant(m::decoder_cross_uses_self_weights, with(Block::cross_w_q_of_self))
            .labelled("s.W_q in the cross-attention")
            .variant(m::decoder_cross_uses_self_weights, with(Block::cross_w_k_of_self))
            .labelled("s.W_k in the cross-attention")
            .variant(m::decoder_cross_uses_self_weights, with(Block::cross_w_v_of_self))
            .labelled("s.W_v in the cross-attention")
            .variant(m::decoder_cross_uses_self_weights, with(Block::cross_w_o_of_self))
            .labelled("s.W_o in the cross-attention");
        for (const auto& [b, detail] : std::vector<std::pair<Block, const char*>>{
                 {Block::mask_past, "-inf where key j < query i (the past hidden, the future shown), as causal_mask(L).t() gives"},
                 {Block::mask_diagonal_too, "-inf where key j >= query i (the diagonal hidden too, so row 0 sees nothing)"},
                 {Block::mask_zero_one, "1 on and below the diagonal and 0 above (a 0/1 pattern such as arma::trimatl of ones), which hides nothing"},
                 {Block::mask_diagonal_only, "-inf wherever key j != query i (only the token itself left visible)"},
                 {Block::mask_shows_next, "-inf only where key j > i + 1 (the next token left visible)"}})
            p.variant(m::decoder_causal_mask_built_wrong, with(b), detail).labelled(detail);
        eps_slip(p, m::block_norm_eps_changed, [y, h, ww](double eps) {
            return decoder_by_loops(y, h, ww, Block::right, {}, arma::mat(), {eps, 0});
        });
        // the cross-attention's slips that other layers share (tests/support/families.hpp): the
        // decoder's causal mask carried over, and the two sequences' roles traded
        add_cross_mask_slips(
            p, y.n_rows, h.n_rows, [&](const arma::mat& mask) { return decoder_by_loops(y, h, ww, Block::right, {}, mask); },
            [&](const arma::mat& mask) { return decoder_by_loops(y, h, ww, Block::decoder_unmasked, {}, mask); });
        add_projection_slips(
            p, [&](const AttentionWay& way) { return decoder_by_loops(y, h, ww, Block::right, way.projection); },
            {Projection::sources_swapped});
    }
    return d;
}

arma::mat output_of(const Result& r) { return r.parts.empty() ? arma::mat() : r.parts[0].value; }

// What a call threw, in words.
std::string thrown(const Result& got) {
    return got.threw == Threw::nothing ? std::string("nothing thrown") : got.type + ": " + got.message;
}

// A block's result on an input the contract accepts (one token on a side): a refusal is
// named as refusing valid input, and the numbers must be the composition by loops. Returns
// whether the result was right.
bool block_accepts(const Result& got, const Result& right, const std::string& function, const std::string& input) {
    if (refused_valid_input(got, function, input)) return false;
    const std::string differs = describe_outcome(got, right);
    BOOST_TEST(differs.empty(), "on " << input << ", which the contract accepts, the result is not the composition "
                                         "by loops: " << differs);
    return differs.empty();
}

}  // namespace

// ================================================================ layer_norm
BOOST_AUTO_TEST_SUITE(layer_norm)

BOOST_AUTO_TEST_CASE(matches_a_scalar_loop_with_gain_and_bias) {
    // rows far apart in scale, gain 1 and bias 0, a large eps, a constant row: y, xhat and inv_std
    layer_norm_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(normalises_each_row_to_mean_zero_and_variance_one) {
    const arma::mat X = rows_of_different_scale();
    const arma::rowvec ones(5, arma::fill::ones), zeros(5, arma::fill::zeros);
    const arma::mat y = attn::layer_norm(X, ones, zeros).y;
    BOOST_TEST_REQUIRE((y.n_rows == 3u && y.n_cols == 5u), "y must have the shape of X (3x5); got " << attn::shape_of(y));
    for (arma::uword r = 0; r < 3; ++r) {
        double mean = 0, var = 0, raw_mean = 0, raw_var = 0;
        for (arma::uword c = 0; c < 5; ++c) mean += y(r, c) / 5, raw_mean += X(r, c) / 5;
        for (arma::uword c = 0; c < 5; ++c)
            var += (y(r, c) - mean) * (y(r, c) - mean) / 5, raw_var += (X(r, c) - raw_mean) * (X(r, c) - raw_mean) / 5;
        BOOST_TEST(std::abs(mean) < 1e-12, "row " << r << " should have mean 0 after the norm; it has " << mean);
        // eps keeps the variance a little below 1: var / (var + eps), exactly
        const double expected = raw_var / (raw_var + 1e-5);
        BOOST_TEST(std::abs(var - expected) < 1e-9,
                   "row " << r << " should have variance " << expected << " (the population variance, divided by 5); it has " << var);
    }
}

BOOST_AUTO_TEST_CASE(a_constant_row_becomes_the_bias_without_dividing_by_zero) {
    const arma::mat X = {{2, 2, 2, 2, 2}, {1, -1, 1, -1, 3}};
    const arma::mat y = attn::layer_norm(X, kGain, kBias).y;
    BOOST_TEST_REQUIRE((y.n_rows == 2u && y.n_cols == 5u), "y must be 2x5; got " << attn::shape_of(y));
    BOOST_TEST(y.is_finite(), "a row whose entries are all equal has variance 0: eps keeps 0 / 0 away, so no NaN");
    BOOST_TEST(matrices_close(y.row(0), kBias, 1e-12, "the output of the constant row", entries("feature")),
               "a constant row centres to 0, so its output is the bias itself");
}

BOOST_AUTO_TEST_CASE(each_row_is_normalised_by_itself) {
    const arma::mat X = rows_of_different_scale();
    arma::mat X2 = X;
    X2.row(1) = X2.row(1) * 1000.0 + 7.0;  // only row 1 moves
    const arma::mat a = attn::layer_norm(X, kGain, kBias).y, b = attn::layer_norm(X2, kGain, kBias).y;
    BOOST_TEST_REQUIRE((a.n_rows == 3u && b.n_rows == 3u), "y must have 3 rows");
    BOOST_TEST(matrices_close(b.row(0), a.row(0), 1e-12, "row 0 after rescaling row 1", entries("feature")),
               "rescaling one row changed another (are the statistics taken along each row?)");
    BOOST_TEST(matrices_close(b.row(2), a.row(2), 1e-12, "row 2 after rescaling row 1", entries("feature")),
               "rescaling one row changed another (are the statistics taken along each row?)");
}

BOOST_AUTO_TEST_CASE(adding_a_constant_to_a_row_changes_nothing) {
    const arma::mat X = rows_of_different_scale();
    arma::mat X2 = X;
    X2.row(0) += 12.5;
    X2.row(2) -= 3.0;
    BOOST_TEST(matrices_close(attn::layer_norm(X2, kGain, kBias).y, attn::layer_norm(X, kGain, kBias).y, 1e-9,
                              "layer norm of shifted rows", kFeatures),
               "each row loses its own mean, so shifting a row by a constant must change nothing");
}

BOOST_AUTO_TEST_CASE(no_rows_give_empty_results) {
    // X 0x5 with gain and bias of 5: the contract's one rule holds, so y and xhat come back
    // 0x5 and inv_std with no entries
    if (!results_right(layer_norm_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_a_scalar_loop_with_gain_and_bias passes");
        return;
    }
    const arma::mat X(0, 5);
    const Result got = attempt([&] {
        const attn::LayerNormResult r = attn::layer_norm(X, kGain, kBias);
        return result("y", r.y).add("xhat", r.xhat).add("inv_std", arma::mat(r.inv_std));
    });
    if (refused_valid_input(got, "layer_norm", "X 0x5 (no tokens) with gain and bias 1x5")) return;
    std::string instead = unless_shape(got, "y", 0, 5);
    if (instead.empty()) instead = unless_shape(got, "xhat", 0, 5);
    if (instead.empty()) instead = unless_shape(got, "inv_std", 0, 1);
    if (instead.empty() || got.part("inv_std")->value.n_elem == 0) instead.clear();
    BOOST_TEST(instead.empty(), "X 0x5 (no tokens) must give y and xhat 0x5 and an empty inv_std without an error (the "
                                "contract refuses only a gain or bias without one entry per column); got " << instead);
}

BOOST_AUTO_TEST_CASE(rejects_gain_or_bias_of_the_wrong_length_naming_both) {
    if (!results_right(layer_norm_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_a_scalar_loop_with_gain_and_bias passes");
        return;
    }
    const arma::mat X(3, 4, arma::fill::ones);
    const arma::rowvec four(4, arma::fill::ones), five(5, arma::fill::ones);
    const std::string g = refusal_of<attn::ShapeError>(
        "layer_norm", [&] { attn::layer_norm(X, five, four); }, {}, "a gain of 1x5 for X of 3x4");
    if (g.empty() || !message_names(g, {"X 3x4", "gain 1x5"}, "a gain of 5 entries for X 3x4", true)) return;
    BOOST_TEST(g == "layer_norm: gain and bias need one entry per column of X (1 x d_model); got X 3x4 and gain 1x5",
               "a gain of 5 entries for X 3x4: the ShapeError should be the contract's, ending 'got X 3x4 and gain 1x5' "
               "(the one that does not fit, gain, named beside X); got '"
                   << g << "'");
    const std::string b = refusal_of<attn::ShapeError>(
        "layer_norm", [&] { attn::layer_norm(X, four, five); }, {}, "a bias of 1x5 for X of 3x4");
    if (b.empty() || !message_names(b, {"X 3x4", "bias 1x5"}, "a bias of 5 entries for X 3x4", true)) return;
    BOOST_TEST(b == "layer_norm: gain and bias need one entry per column of X (1 x d_model); got X 3x4 and bias 1x5",
               "a bias of 5 entries for X 3x4 (the gain right): the ShapeError should be the contract's, ending 'got X "
               "3x4 and bias 1x5', naming the one that does not fit, bias, and its size; got '"
                   << b << "'");
    // and too short, each alone: a check of one direction only lets them through
    const arma::rowvec three(3, arma::fill::ones);
    const std::string gs = refusal_of<attn::ShapeError>(
        "layer_norm", [&] { attn::layer_norm(X, three, four); }, {}, "a gain of 1x3 for X of 3x4");
    if (gs.empty() || !message_names(gs, {"X 3x4", "gain 1x3"}, "a gain of 3 entries for X 3x4", true)) return;
    const std::string bs = refusal_of<attn::ShapeError>(
        "layer_norm", [&] { attn::layer_norm(X, four, three); }, {}, "a bias of 1x3 for X of 3x4");
    if (bs.empty()) return;
    message_names(bs, {"X 3x4", "bias 1x3"}, "a bias of 3 entries for X 3x4", true);
}

BOOST_AUTO_TEST_SUITE_END()

// ================================================================ layer_norm_backward
BOOST_AUTO_TEST_SUITE(layer_norm_backward)

BOOST_AUTO_TEST_CASE(dx_matches_the_formula_by_loops) {
    // dX, dgain and dbias on four inputs (4x6, 5x3, 3x5, then 3x5 again with other values
    // and another gain, so that a value kept from the call before shows)
    layer_norm_backward_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(dx_matches_central_differences) {
    const BackwardCase k = backward_cases().at(0);
    const attn::LayerNormGrads g = attn::layer_norm_backward(k.dY, k.kept.xhat, k.kept.inv_std, k.gain);
    const arma::mat numeric =
        central_differences([&](const arma::mat& X) { return norm_loss(X, k.gain, k.bias, k.dY); }, k.X, 1e-5);
    BOOST_TEST(matrices_close(g.dX, numeric, 1e-6, "dX against central differences", kFeatures));
}

BOOST_AUTO_TEST_CASE(dgain_and_dbias_match_central_differences) {
    const BackwardCase k = backward_cases().at(0);
    const attn::LayerNormGrads g = attn::layer_norm_backward(k.dY, k.kept.xhat, k.kept.inv_std, k.gain);
    const arma::mat dgain = central_differences(
        [&](const arma::mat& gn) { return norm_loss(k.X, arma::rowvec(gn), k.bias, k.dY); }, arma::mat(k.gain), 1e-5);
    const arma::mat dbias = central_differences(
        [&](const arma::mat& bs) { return norm_loss(k.X, k.gain, arma::rowvec(bs), k.dY); }, arma::mat(k.bias), 1e-5);
    BOOST_TEST(matrices_close(g.dgain, dgain, 1e-6, "dgain (sum over the rows of dY % xhat)", entries("feature")));
    BOOST_TEST(matrices_close(g.dbias, dbias, 1e-6, "dbias (sum over the rows of dY)", entries("feature")));
}

BOOST_AUTO_TEST_CASE(each_row_of_dx_sums_to_zero) {
    // Shifting a row by a constant leaves layer norm's output as it was, so the
    // gradient has no component along (1, 1, ..., 1): each row of dX sums to 0.
    const BackwardCase k = backward_cases().at(0);
    const arma::mat dX = attn::layer_norm_backward(k.dY, k.kept.xhat, k.kept.inv_std, k.gain).dX;
    BOOST_TEST_REQUIRE((dX.n_rows == 4u && dX.n_cols == 6u), "dX must have the shape of X (4x6); got " << attn::shape_of(dX));
    for (arma::uword r = 0; r < 4; ++r) {
        double s = 0;
        for (arma::uword c = 0; c < 6; ++c) s += dX(r, c);
        BOOST_TEST(std::abs(s) < 1e-9, "row " << r << " of dX sums to " << s
                                               << ", not 0: the term - mean(dxhat) cancels the sum of dxhat only "
                                                  "when both carry the same factor, inv_std (dxhat - mean(dxhat) - "
                                                  "xhat % mean(dxhat % xhat)); is the mean's term there, and inside "
                                                  "the bracket that inv_std multiplies?");
    }
}

BOOST_AUTO_TEST_CASE(no_tokens_give_empty_dx_and_zero_parameter_gradients) {
    // dY and xhat 0x4, inv_std of no entries, gain 1x4: the shapes fit, so dX is 0x4 and
    // dgain, dbias are sums over no rows, 4 zeros each
    if (!results_right(layer_norm_backward_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once dx_matches_the_formula_by_loops passes");
        return;
    }
    const arma::mat dY(0, 4), xhat(0, 4);
    const arma::colvec inv_std;
    const arma::rowvec gain = {1.5, -0.5, 2.0, 1.0};
    const Result got = attempt([&] {
        const attn::LayerNormGrads g = attn::layer_norm_backward(dY, xhat, inv_std, gain);
        return grads_result(g.dX, g.dgain, g.dbias);
    });
    if (refused_valid_input(got, "layer_norm_backward", "dY and xhat 0x4 (no tokens), inv_std 0, gain 1x4")) return;
    std::string instead = unless_shape(got, "dX", 0, 4);
    if (instead.empty()) instead = unless_shape(got, "dgain", 1, 4);
    if (instead.empty()) instead = unless_shape(got, "dbias", 1, 4);
    if (instead.empty() && (arma::abs(got.part("dgain")->value).max() != 0.0 || arma::abs(got.part("dbias")->value).max() != 0.0))
        instead = "dgain or dbias not 0 (sums over no rows are 0)";
    BOOST_TEST(instead.empty(), "no tokens (dY and xhat 0x4) must give dX 0x4 and dgain, dbias 1x4 of zeros without an "
                                "error (the contract refuses only shapes that do not fit); got " << instead);
}

BOOST_AUTO_TEST_CASE(rejects_dy_of_another_shape_naming_both) {
    if (!results_right(layer_norm_backward_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once dx_matches_the_formula_by_loops passes");
        return;
    }
    // A dY of another shape breaks a second rule as well: one entry of gain per column of dY
    // (dxhat = dY % gain) or one entry of inv_std per row, so that matrix may stand beside it.
    const BackwardCase k = backward_cases().at(0);  // xhat 4x6, inv_std 4, gain 1x6
    const arma::mat narrower(4, 5, arma::fill::ones);
    const std::string msg = refusal_of<attn::ShapeError>(
        "layer_norm_backward", [&] { attn::layer_norm_backward(narrower, k.kept.xhat, k.kept.inv_std, k.gain); }, {},
        "a dY of 4x5 for xhat of 4x6");
    if (msg.empty()) return;
    if (!message_names_one_of(msg, {{"dY 4x5", "xhat 4x6"}, {"dY 4x5", "gain 1x6"}}, "a dY of 4x5 for xhat of 4x6"))
        return;
    // rows alone: the columns agree, and each of dY's rows must still have its row of xhat
    const arma::mat taller(5, 6, arma::fill::ones);
    const std::string rows = refusal_of<attn::ShapeError>(
        "layer_norm_backward", [&] { attn::layer_norm_backward(taller, k.kept.xhat, k.kept.inv_std, k.gain); }, {},
        "a dY of 5x6 for xhat of 4x6");
    if (rows.empty()) return;
    BOOST_TEST((mentions(rows, "dY 5x6") && (mentions(rows, "xhat 4x6") || mentions(rows, "inv_std 4x1"))),
               "the message should give dY 5x6 and xhat 4x6 (or inv_std 4x1); got '" << rows << "'");
}

BOOST_AUTO_TEST_CASE(rejects_inv_std_without_one_entry_per_row) {
    if (!results_right(layer_norm_backward_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once dx_matches_the_formula_by_loops passes");
        return;
    }
    // One entry short is refused before a loop reads past its end (Armadillo's index
    // error) or .each_col() refuses it; one entry too many is read by nothing, and is
    // refused all the same: it cannot have come from layer_norm of this xhat.
    const BackwardCase k = backward_cases().at(0);  // T = 4
    const arma::colvec shorter = k.kept.inv_std.head(3);
    const arma::colvec longer = arma::join_cols(k.kept.inv_std, arma::colvec{1.0});
    const std::string short_msg = refusal_of<attn::ShapeError>(
        "layer_norm_backward", [&] { attn::layer_norm_backward(k.dY, k.kept.xhat, shorter, k.gain); }, {},
        "an inv_std of 3 entries for xhat of 4 rows");
    if (short_msg.empty()) return;
    refusal_of<attn::ShapeError>("layer_norm_backward",
                                 [&] { attn::layer_norm_backward(k.dY, k.kept.xhat, longer, k.gain); }, {},
                                 "an inv_std of 5 entries for xhat of 4 rows");
}

BOOST_AUTO_TEST_CASE(rejects_gain_without_one_entry_per_column) {
    if (!results_right(layer_norm_backward_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once dx_matches_the_formula_by_loops passes");
        return;
    }
    // gain multiplies dY column by column: one entry short is refused before a loop
    // reads past its end, and one entry too many, which a loop over d_model never
    // reads, is refused all the same: it cannot be the gain of this layer.
    const BackwardCase k = backward_cases().at(0);  // d_model = 6
    const arma::rowvec shorter = k.gain.head(5);
    const arma::rowvec longer = arma::join_rows(k.gain, arma::rowvec{1.0});
    const std::string short_msg = refusal_of<attn::ShapeError>(
        "layer_norm_backward", [&] { attn::layer_norm_backward(k.dY, k.kept.xhat, k.kept.inv_std, shorter); }, {},
        "a gain of 5 entries for xhat of 6 columns");
    if (short_msg.empty()) return;
    refusal_of<attn::ShapeError>("layer_norm_backward",
                                 [&] { attn::layer_norm_backward(k.dY, k.kept.xhat, k.kept.inv_std, longer); }, {},
                                 "a gain of 7 entries for xhat of 6 columns");
}

BOOST_AUTO_TEST_SUITE_END()

// ================================================================ feed_forward
BOOST_AUTO_TEST_SUITE(feed_forward)

BOOST_AUTO_TEST_CASE(matches_a_scalar_loop) {
    // y = relu(X W_1 + b_1) W_2 + b_2 and H = relu(X W_1 + b_1), on three inputs
    feed_forward_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(keeps_the_hidden_layer_after_the_relu) {
    const Ff f(5, 7, 303);
    arma::arma_rng::set_seed(304);
    const arma::mat X = arma::randn(4, 5);
    const attn::FeedForwardResult r = attn::feed_forward(X, f.W_1, f.b_1, f.W_2, f.b_2);
    BOOST_TEST(matrices_close(r.H, ff_by_loops(X, f.W_1, f.b_1, f.W_2, f.b_2).H, 1e-10, "H = relu(X W_1 + b_1)",
                              axes("token", "hidden unit")));
    BOOST_TEST(r.H.min() >= 0.0, "H comes after the relu, so none of its entries is negative; its smallest is " << r.H.min());
}

BOOST_AUTO_TEST_CASE(works_on_each_row_by_itself) {
    const Ff f(5, 7, 305);
    arma::arma_rng::set_seed(306);
    const arma::mat X = arma::randn(4, 5);
    const arma::mat y = attn::feed_forward(X, f.W_1, f.b_1, f.W_2, f.b_2).y;
    BOOST_TEST_REQUIRE(y.n_rows == 4u, "one output row per input row (4); got " << y.n_rows);
    for (arma::uword r = 0; r < 4; ++r)
        BOOST_TEST(matrices_close(attn::feed_forward(X.row(r), f.W_1, f.b_1, f.W_2, f.b_2).y, y.row(r), 1e-12,
                                  "row " + std::to_string(r) + " fed alone", entries("feature")),
                   "the layer is position-wise: a row must come out the same alone as among the others");
}

BOOST_AUTO_TEST_CASE(no_tokens_or_no_hidden_units_are_accepted) {
    // X 0x5 (no tokens): H 0x7 and y 0x5. d_ff = 0 (W_1 5x0, b_1 1x0, W_2 0x5): every
    // size fits, H is 3x0 and each row of y is b_2 alone
    if (!results_right(feed_forward_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_a_scalar_loop passes");
        return;
    }
    const Ff f(5, 7, 310);
    auto call = [](const arma::mat& X, const arma::mat& W_1, const arma::rowvec& b_1, const arma::mat& W_2,
                   const arma::rowvec& b_2) {
        return attempt([&] {
            const attn::FeedForwardResult r = attn::feed_forward(X, W_1, b_1, W_2, b_2);
            return ff_result(r.y, r.H);
        });
    };
    const Result none = call(arma::mat(0, 5), f.W_1, f.b_1, f.W_2, f.b_2);
    if (refused_valid_input(none, "feed_forward", "X 0x5 (no tokens) with W_1 5x7 and W_2 7x5")) return;
    std::string instead = unless_shape(none, "y", 0, 5);
    if (instead.empty()) instead = unless_shape(none, "H", 0, 7);
    BOOST_TEST(instead.empty(), "X 0x5 (no tokens) must give H 0x7 and y 0x5 without an error (the contract refuses "
                                "only sizes that do not fit); got " << instead);
    arma::arma_rng::set_seed(311);
    const arma::mat X = arma::randn(3, 5);
    const Result narrow = call(X, arma::mat(5, 0), arma::rowvec(), arma::mat(0, 5), f.b_2);
    if (refused_valid_input(narrow, "feed_forward", "d_ff = 0 (W_1 5x0, b_1 1x0, W_2 0x5) for X 3x5")) return;
    instead = unless_shape(narrow, "y", 3, 5);
    if (instead.empty()) instead = unless_shape(narrow, "H", 3, 0);
    if (instead.empty() && arma::abs(narrow.part("y")->value.each_row() - f.b_2).max() > 1e-12)
        instead = "a y whose rows are not b_2";
    BOOST_TEST(instead.empty(), "d_ff = 0 (W_1 5x0, b_1 1x0, W_2 0x5) must give H 3x0 and every row of y equal to b_2 "
                                "(a product over no hidden units is 0) without an error; got " << instead);
}

BOOST_AUTO_TEST_CASE(rejects_w2_that_does_not_fit_w1_naming_both) {
    if (!results_right(feed_forward_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_a_scalar_loop passes");
        return;
    }
    const Ff f(5, 7, 307);
    const arma::mat X(3, 5, arma::fill::ones), W_2(6, 5, arma::fill::ones);
    const std::string msg =
        refusal_of<attn::ShapeError>("feed_forward", [&] { attn::feed_forward(X, f.W_1, f.b_1, W_2, f.b_2); });
    if (msg.empty()) return;
    // W_2's height is d_ff, which W_1's width and b_1's length both say: either may stand beside it
    message_names_one_of(msg, {{"W_2 6x5", "W_1 5x7"}, {"W_2 6x5", "b_1 1x7"}}, "a W_2 of 6x5 after W_1 of 5x7");
}

BOOST_AUTO_TEST_CASE(rejects_input_narrower_than_w1) {
    if (!results_right(feed_forward_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_a_scalar_loop passes");
        return;
    }
    const Ff f(5, 7, 308);
    const arma::mat X(3, 4, arma::fill::ones);
    const std::string msg =
        refusal_of<attn::ShapeError>("feed_forward", [&] { attn::feed_forward(X, f.W_1, f.b_1, f.W_2, f.b_2); });
    if (msg.empty()) return;
    // X's width d_model is also W_2's and b_2's: a narrower X misfits all three, and the
    // contract lets any of them stand beside it
    message_names_one_of(msg, {{"X 3x4", "W_1 5x7"}, {"X 3x4", "W_2 7x5"}, {"X 3x4", "b_2 1x5"}},
                         "an X of 3x4 for W_1 of 5x7");
}

BOOST_AUTO_TEST_CASE(rejects_biases_of_the_wrong_length_naming_both) {
    if (!results_right(feed_forward_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_a_scalar_loop passes");
        return;
    }
    // b_1 has one entry per hidden unit (d_ff = 7), b_2 one per output column (d_model = 5).
    // The two that do not fit are the bias and the matrix whose product it is added to:
    // b_1 and W_1 (X W_1 + b_1; W_2, as tall as d_ff, says the same size), b_2 and W_2
    // (H W_2 + b_2). X's width is d_model, which says nothing of b_1.
    const Ff f(5, 7, 309);
    const arma::mat X(3, 5, arma::fill::ones);
    const arma::rowvec b_1(5, arma::fill::ones), b_2(7, arma::fill::ones);
    const std::string one =
        refusal_of<attn::ShapeError>("feed_forward", [&] { attn::feed_forward(X, f.W_1, b_1, f.W_2, f.b_2); }, {},
                                     "a b_1 of 1x5 for W_1 of 5x7");
    if (one.empty()) return;
    // beside W_1, the matrix whose product X W_1 it is added to (W_2, as tall as d_ff, says the same size)
    if (!(mentions(one, "b_1 1x5") && mentions(one, "W_2 7x5")) &&
        !message_names(one, {"b_1 1x5", "W_1 5x7"}, "a b_1 of 5 entries for d_ff = 7"))
        return;
    const std::string two =
        refusal_of<attn::ShapeError>("feed_forward", [&] { attn::feed_forward(X, f.W_1, f.b_1, f.W_2, b_2); }, {},
                                     "a b_2 of 1x7 for W_2 of 7x5");
    if (two.empty()) return;
    // d_model is said by W_2's width, and as well by X's width and W_1's height: any of them may stand beside b_2
    if (mentions(two, "b_2 1x7") && (mentions(two, "X 3x5") || mentions(two, "W_1 5x7"))) return;
    message_names(two, {"b_2 1x7", "W_2 7x5"}, "a b_2 of 7 entries for d_model = 5 (beside W_2, whose product it is added to)");
}

BOOST_AUTO_TEST_SUITE_END()

// ================================================================ encoder_block
BOOST_AUTO_TEST_SUITE(encoder_block)

BOOST_AUTO_TEST_CASE(matches_the_composition_by_loops) {
    // layer_norm(H + feed_forward(H)) with H = layer_norm(X + self-attention(X)), on three inputs
    encoder_block_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(ends_with_a_layer_norm_so_every_row_has_mean_zero) {
    attn::EncoderBlockWeights w = random_encoder(403);
    w.norm2 = {arma::rowvec(kDModel, arma::fill::ones), arma::rowvec(kDModel, arma::fill::zeros)};
    const arma::mat X = random_tokens(4, 404);
    const arma::mat out = attn::encoder_block(X, w);
    BOOST_TEST_REQUIRE((out.n_rows == 4u && out.n_cols == kDModel), "the output must have the shape of X (4x6); got " << attn::shape_of(out));
    for (arma::uword r = 0; r < 4; ++r) {
        double mean = 0;
        for (arma::uword c = 0; c < kDModel; ++c) mean += out(r, c) / kDModel;
        BOOST_TEST(std::abs(mean) < 1e-12, "with the last norm's gain 1 and bias 0, row " << r << " must have mean 0; it has " << mean
                                                                                           << " (post-norm: the norm comes last)");
    }
}

BOOST_AUTO_TEST_CASE(reordering_the_tokens_only_reorders_the_output) {
    // Without positions (chapter 08) nothing in the block knows the order.
    const attn::EncoderBlockWeights w = random_encoder(405);
    const arma::mat X = random_tokens(5, 406);
    const arma::uvec order = {3, 0, 4, 1, 2};
    const arma::mat a = attn::encoder_block(X, w), b = attn::encoder_block(X.rows(order), w);
    BOOST_TEST_REQUIRE(a.n_rows == 5u, "one output row per token (5); got " << a.n_rows);
    BOOST_TEST(matrices_close(b, a.rows(order), 1e-10, "the output of the reordered tokens", kFeatures),
               "every token reads every other, so reordering the input should reorder the output rows and nothing"
               " else (is the encoder's self-attention masked?)");
}

BOOST_AUTO_TEST_CASE(accepts_a_sentence_of_one_token) {
    if (!results_right(encoder_block_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_the_composition_by_loops passes");
        return;
    }
    // L = 1 is a sentence like any other (the contract asks only X L x d_model): the one
    // token attends to itself alone, with weight 1, and the output is 1x6
    const attn::EncoderBlockWeights w = random_encoder(411);
    const arma::mat X = random_tokens(1, 412);
    const Result got = attempt([&] { return block_result(attn::encoder_block(X, w)); });
    block_accepts(got, encoder_by_loops(X, w), "encoder_block", "X 1x6 (a sentence of one token)");
}

BOOST_AUTO_TEST_CASE(rejects_input_of_the_wrong_width) {
    if (!results_right(encoder_block_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_the_composition_by_loops passes");
        return;
    }
    // what the pieces throw: multi_head_attention refuses X 3x7 for weights of d_model 6
    const attn::EncoderBlockWeights w = random_encoder(407);
    const arma::mat X(3, kDModel + 1, arma::fill::ones);
    const Result got = attempt([&] {
        attn::encoder_block(X, w);
        return Result{};
    });
    // Armadillo's error (products written by hand: X * W_q) or another kind of error is
    // named; a ShapeError may come from any piece the block calls
    if (got.threw != Threw::shape_error && got.threw != Threw::nothing) {
        judge_refusal(got, true, "encoder_block");
        return;
    }
    BOOST_TEST(mentions(got.message, "3x7"),
               "a 3x7 input for weights of d_model 6 must be refused with an attn::ShapeError naming 3x7 (the "
               "pieces check their shapes); got " << thrown(got));
}

BOOST_AUTO_TEST_SUITE_END()

// ================================================================ decoder_block
BOOST_AUTO_TEST_SUITE(decoder_block)

BOOST_AUTO_TEST_CASE(matches_the_composition_by_loops) {
    // causal self-attention, cross-attention on H_enc, feed-forward, each added back and
    // normalised; fewer, more and as many encoder tokens as decoder tokens
    decoder_block_diagnosis().judge();
}

BOOST_AUTO_TEST_CASE(has_one_row_per_decoder_token) {
    const attn::DecoderBlockWeights w = random_decoder(504);
    const arma::mat Y = random_tokens(3, 505), H_enc = random_tokens(7, 506);
    const Result got = attempt([&] { return block_result(attn::decoder_block(Y, H_enc, w)); });
    BOOST_TEST((got.threw == Threw::nothing && output_of(got).n_rows == 3u && output_of(got).n_cols == kDModel),
               "3 decoder tokens over 7 encoder tokens give a 3x6 output; got "
                   << (got.threw == Threw::nothing ? attn::shape_of(output_of(got)) : thrown(got)));
}

BOOST_AUTO_TEST_CASE(changing_a_later_token_leaves_every_earlier_row_unchanged) {
    const attn::DecoderBlockWeights w = random_decoder(507);
    const arma::mat Y = random_tokens(5, 508), H_enc = random_tokens(4, 509);
    const Result tried = attempt([&] { return block_result(attn::decoder_block(Y, H_enc, w)); });
    BOOST_TEST_REQUIRE((tried.threw == Threw::nothing), "decoder_block(Y 5x6, H_enc 4x6) threw " << thrown(tried));
    const arma::mat a = output_of(tried);
    BOOST_TEST_REQUIRE(a.n_rows == 5u, "one output row per decoder token (5); got " << a.n_rows);
    arma::arma_rng::set_seed(510);
    for (arma::uword p = 1; p < 5; ++p) {
        arma::mat Y2 = Y;
        Y2.row(p) = arma::randn<arma::rowvec>(kDModel) * 2.0;
        const arma::mat b = attn::decoder_block(Y2, H_enc, w);
        BOOST_TEST(matrices_close(b.rows(0, p - 1), a.rows(0, p - 1), 1e-12, "rows before position " + std::to_string(p),
                                  kFeatures),
                   "changing decoder token " << p << " moved an earlier row (does the self-attention get causal_mask?)");
        BOOST_TEST(arma::abs(b.row(p) - a.row(p)).max() > 1e-6, "row " << p << " should change with its own token");
    }
}

BOOST_AUTO_TEST_CASE(reads_its_keys_and_values_from_the_encoder) {
    const attn::DecoderBlockWeights w = random_decoder(511);
    const arma::mat Y = random_tokens(4, 512), H_enc = random_tokens(5, 513);
    arma::mat H2 = H_enc;
    H2.row(4) = H2.row(4) * -2.0 + 1.0;  // one source token changed
    const Result ta = attempt([&] { return block_result(attn::decoder_block(Y, H_enc, w)); });
    const Result tb = attempt([&] { return block_result(attn::decoder_block(Y, H2, w)); });
    BOOST_TEST_REQUIRE((ta.threw == Threw::nothing && tb.threw == Threw::nothing),
                       "decoder_block(Y 4x6, H_enc 5x6) threw " << thrown(ta.threw == Threw::nothing ? tb : ta));
    const arma::mat a = output_of(ta), b = output_of(tb);
    BOOST_TEST_REQUIRE((a.n_rows == 4u && b.n_rows == 4u), "one output row per decoder token (4)");
    for (arma::uword r = 0; r < 4; ++r)
        BOOST_TEST(arma::abs(b.row(r) - a.row(r)).max() > 1e-6,
                   "changing the encoder's last token left decoder row " << r << " as it was: the cross-attention's keys "
                   "and values must come from H_enc, which every decoder row may read");
}

BOOST_AUTO_TEST_CASE(accepts_one_token_on_either_side) {
    if (!results_right(decoder_block_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_the_composition_by_loops passes");
        return;
    }
    // The contract asks only Y L_dec x d_model and H_enc L_enc x d_model: one decoder token
    // (the first step of generation) and a source sentence of one token are inputs like any
    // other. The causal mask of one token hides nothing, and a one-token memory gives every
    // query that token with weight 1.
    const attn::DecoderBlockWeights w = random_decoder(520);
    const std::vector<std::tuple<std::string, arma::mat, arma::mat>> inputs = {
        {"Y 1x6 over H_enc 4x6 (one decoder token)", random_tokens(1, 521), random_tokens(4, 522)},
        {"Y 3x6 over H_enc 1x6 (a source sentence of one token)", random_tokens(3, 523), random_tokens(1, 524)},
        {"Y 1x6 over H_enc 1x6 (one token on each side)", random_tokens(1, 525), random_tokens(1, 526)}};
    for (const auto& [input, Y, H_enc] : inputs) {
        const arma::mat y = Y, h = H_enc;  // (a lambda of C++17 cannot capture a structured binding)
        const Result got = attempt([&] { return block_result(attn::decoder_block(y, h, w)); });
        if (!block_accepts(got, decoder_by_loops(y, h, w), "decoder_block", input)) return;
    }
}

BOOST_AUTO_TEST_CASE(rejects_input_of_the_wrong_width) {
    if (!results_right(decoder_block_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_the_composition_by_loops passes");
        return;
    }
    // what the pieces throw: the causal self-attention refuses Y 3x5 for weights of d_model 6
    const attn::DecoderBlockWeights w = random_decoder(518);
    const arma::mat Y(3, kDModel - 1, arma::fill::ones), H_enc = random_tokens(4, 519);
    const Result got = attempt([&] {
        attn::decoder_block(Y, H_enc, w);
        return Result{};
    });
    // Armadillo's error (products written by hand: Y * W_q) or another kind of error is named;
    // a ShapeError may come from any piece the block calls
    if (got.threw != Threw::shape_error && got.threw != Threw::nothing) {
        judge_refusal(got, true, "decoder_block");
        return;
    }
    BOOST_TEST(mentions(got.message, "3x5"),
               "a Y 3x5 for weights of d_model 6 must be refused with an attn::ShapeError naming 3x5 (the pieces "
               "check their shapes); got " << thrown(got));
}

BOOST_AUTO_TEST_CASE(rejects_encoder_output_of_the_wrong_width) {
    if (!results_right(decoder_block_diagnosis())) {
        BOOST_TEST_MESSAGE("checked once matches_the_composition_by_loops passes");
        return;
    }
    // what the pieces throw: multi_head_attention refuses H_enc 4x5 for weights of d_model 6
    const attn::DecoderBlockWeights w = random_decoder(514);
    const arma::mat Y = random_tokens(3, 515), H_enc(4, kDModel - 1, arma::fill::ones);
    const Result got = attempt([&] {
        attn::decoder_block(Y, H_enc, w);
        return Result{};
    });
    // Armadillo's error (products written by hand: H_enc * W_k) or another kind of error is
    // named; nothing thrown is not (a block that never reads H_enc has a slip of its own)
    if (got.threw != Threw::shape_error && got.threw != Threw::nothing) {
        judge_refusal(got, true, "decoder_block");
        return;
    }
    BOOST_TEST(mentions(got.message, "4x5"),
               "an H_enc 4x5 for weights of d_model 6 must be refused with an attn::ShapeError naming 4x5 (the pieces "
               "check their shapes); got " << thrown(got));
}

BOOST_AUTO_TEST_SUITE_END()

// ================================================================ chapter (the lab)
BOOST_AUTO_TEST_SUITE(chapter)

namespace lab = attn::transformer_blocks_lab;

BOOST_AUTO_TEST_CASE(fixed_matrix_is_the_same_every_time_and_within_its_scale) {
    const arma::mat a = lab::fixed_matrix(4, 6, 7, 0.5), b = lab::fixed_matrix(4, 6, 7, 0.5), c = lab::fixed_matrix(4, 6, 8, 0.5);
    BOOST_TEST(matrices_close(a, b, 0.0, "fixed_matrix twice"));
    BOOST_TEST(arma::abs(a - c).max() > 0.01, "another seed must give other numbers");
    BOOST_TEST((a.min() >= -0.5 && a.max() < 0.5));
    BOOST_TEST(a.min() < 0.0);
}

BOOST_AUTO_TEST_CASE(row_stats_uses_the_population_variance) {
    const arma::mat X = {{1, 2, 3, 4}, {5, 5, 5, 5}};
    const lab::RowStats s = lab::row_stats(X);
    BOOST_TEST(std::abs(s.mean(0) - 2.5) < 1e-15);
    BOOST_TEST(std::abs(s.variance(0) - 1.25) < 1e-15, "(2.25 + 0.25 + 0.25 + 2.25) / 4 = 1.25; got " << s.variance(0));
    BOOST_TEST(s.variance(1) == 0.0);
}

BOOST_AUTO_TEST_CASE(the_gradient_check_passes_the_reference_and_fails_without_either_term) {
    arma::mat X = lab::fixed_matrix(3, 5, 1, 1.0);
    X.row(1) *= 10.0;
    const arma::rowvec gain = 1.0 + lab::fixed_matrix(1, 5, 2, 0.5), bias = lab::fixed_matrix(1, 5, 3, 0.5);
    const lab::GradientCheck c = lab::check_layer_norm_backward(X, gain, bias, lab::fixed_matrix(3, 5, 4, 1.0));
    BOOST_TEST(c.dX < 1e-6);
    BOOST_TEST(c.dgain < 1e-6);
    BOOST_TEST(c.dbias < 1e-6);
    BOOST_TEST(c.without_mean_term > 0.01);
    BOOST_TEST(c.without_variance_term > 0.01);
}

BOOST_AUTO_TEST_CASE(relative_error_is_zero_for_equal_and_one_for_opposite) {
    const arma::mat a = {{1, 2}, {3, 4}};
    BOOST_TEST(lab::relative_error(a, a) == 0.0);
    BOOST_TEST(std::abs(lab::relative_error(a, 2 * a) - 1.0 / 3.0) < 1e-15);
    BOOST_TEST(lab::relative_error(arma::mat(2, 2, arma::fill::zeros), arma::mat(2, 2, arma::fill::zeros)) == 0.0);
}

BOOST_AUTO_TEST_CASE(numeric_grads_of_layer_norm_agree_with_the_loop_formula) {
    const BackwardCase k = backward_cases().at(0);
    const attn::LayerNormGrads n = lab::numeric_layer_norm_grads(k.X, k.gain, k.bias, k.dY);
    BOOST_TEST(matrices_close(n.dX, layer_norm_backward_by_loops(k.dY, k.kept.xhat, k.kept.inv_std, k.gain).dX, 1e-6,
                              "numeric dX", kFeatures));
}

BOOST_AUTO_TEST_CASE(the_unmasked_decoder_leaks_and_the_block_does_not) {
    const arma::mat H_enc = attn::encoder_block(attn::example::X(), lab::example_encoder_weights());
    const arma::mat Y = lab::decoder_input();
    arma::mat Y2 = Y;
    Y2.row(2) = arma::rowvec{1, 0, 0, 1};
    const attn::DecoderBlockWeights w = lab::example_decoder_weights();
    const arma::colvec open = lab::largest_change_per_row(lab::decoder_block_without_mask(Y, H_enc, w),
                                                          lab::decoder_block_without_mask(Y2, H_enc, w));
    const arma::colvec masked = lab::largest_change_per_row(attn::decoder_block(Y, H_enc, w), attn::decoder_block(Y2, H_enc, w));
    BOOST_TEST(std::max(open(0), open(1)) > 0.01);
    BOOST_TEST(std::max(masked(0), masked(1)) < 1e-12);
    BOOST_TEST(masked(2) > 0.01);
    BOOST_TEST(matrices_close(lab::decoder_block_without_mask(Y, H_enc, w),
                              output_of(decoder_by_loops(Y, H_enc, w, Block::decoder_unmasked)), 1e-9,
                              "the unmasked decoder"));
}

BOOST_AUTO_TEST_CASE(the_residual_keeps_each_token_closer_to_its_own_row) {
    const lab::ResidualComparison c = lab::first_sublayer(attn::example::X(), lab::example_encoder_weights());
    const arma::colvec with = lab::centred_row_cosines(attn::example::X(), c.with_residual);
    const arma::colvec without = lab::centred_row_cosines(attn::example::X(), c.without_residual);
    for (arma::uword r = 0; r < 3; ++r) BOOST_TEST(with(r) > without(r), "token " << r);
}

BOOST_AUTO_TEST_CASE(centred_row_cosines_ignore_offsets_and_scale) {
    const arma::mat a = {{1, 2, 3}, {1, 0, 1}}, b = {{12, 14, 16}, {-1, 0, -1}};
    const arma::colvec c = lab::centred_row_cosines(a, b);
    BOOST_TEST(std::abs(c(0) - 1.0) < 1e-12);
    BOOST_TEST(std::abs(c(1) + 1.0) < 1e-12);
}

BOOST_AUTO_TEST_CASE(layer_norm_figure_has_a_series_per_row_before_and_after) {
    const lab::ScaledRows s = lab::rows_of_different_scale();
    const arma::mat y = attn::layer_norm(s.X, arma::rowvec(8, arma::fill::ones), arma::rowvec(8, arma::fill::zeros)).y;
    const attn::plot::Figure f = lab::layer_norm_figure(s.names, s.X, y);
    BOOST_TEST_REQUIRE(f.panels.size() == 2u);
    const auto& before = std::get<attn::plot::LineChart>(f.panels[0]);
    const auto& after = std::get<attn::plot::LineChart>(f.panels[1]);
    BOOST_TEST(before.series.size() == 5u);
    BOOST_TEST(after.series.size() == 5u);
    BOOST_TEST(before.series[2].y.size() == 8u);
    BOOST_TEST(before.series[2].y[1] == 900.0);
    BOOST_TEST(std::abs(after.series[2].y[1] - y(2, 1)) < 1e-15);
    BOOST_TEST(mentions(before.series[3].title, "mean 1000.00"), before.series[3].title);
    const std::string script = attn::plot::script(f);
    BOOST_TEST(mentions(script, "multiplot"));
}

BOOST_AUTO_TEST_SUITE_END()

// The inputs of each diagnosis tell every two declared mistakes apart, each variant
// shows, and each is named as itself: the proof that a name is never a guess.
BOOST_AUTO_TEST_SUITE(distinguishable)

BOOST_AUTO_TEST_CASE(layer_norm) { layer_norm_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(layer_norm_backward) { layer_norm_backward_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(feed_forward) { feed_forward_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(encoder_block) { encoder_block_diagnosis().require_distinguishable(); }
BOOST_AUTO_TEST_CASE(decoder_block) { decoder_block_diagnosis().require_distinguishable(); }

BOOST_AUTO_TEST_SUITE_END()
