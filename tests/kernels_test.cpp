// Kernel tests: the library's fast attention (perf/kernels.cpp) computes what
// the teaching reference computes, in double and float, on 1 or 2 threads,
// masks exactly, gives the same results on its direct and blocked paths, and
// its hand-written exp is accurate. No timings here: the
// speed is measured by ./course bench, never asserted.
//
// Dimension legend: L_Q = query positions, L_K = key positions,
//   d_k = query/key width, d_v = value width.
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(kernels)

#include <atomic>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "contracts/07_cross_attention.hpp"
#include "core/chapter.hpp"
#include "core/errors.hpp"
#include "attn_perf/kernels.hpp"
#include "attn_perf/tuning.hpp"
#include "test_helpers.hpp"

using attn_test::matrices_close;
using attn_test::RandomQKV;
namespace kernels = attn::perf;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Distance between a and b in units in the last place of b (the true value).
template <class T>
double ulps(T a, T b) {
    if (a == b) return 0;
    const T spacing = std::nextafter(b, std::numeric_limits<T>::infinity()) - b;
    return std::abs(static_cast<double>(a) - static_cast<double>(b)) / static_cast<double>(spacing);
}

std::vector<double> kernel_exp(std::vector<double> x) {
    kernels::exp_in_place(x.data(), x.size());
    return x;
}

std::vector<float> kernel_exp(std::vector<float> x) {
    kernels::exp_in_place(x.data(), x.size());
    return x;
}

// Sets the thread count for one test and puts back 1 afterwards, even on failure.
struct Threads {
    explicit Threads(int n) { attn::perf::set_threads(n); }
    ~Threads() { attn::perf::set_threads(1); }
};

// The shapes ./course bench times, less the largest (too slow for a test), and
// a few odd ones on both sides of the kernel's direct path (kernel_paths below
// compares the two paths themselves).
struct TestShape {
    arma::uword L_Q, L_K, d_k, d_v;
};
const std::vector<TestShape> kShapes = {{3, 3, 4, 4},     {7, 12, 64, 64}, {64, 64, 64, 64}, {512, 512, 64, 64},
                                        {1, 1, 1, 1},     {5, 70, 3, 9},   {2, 65, 8, 8},    {300, 17, 5, 33},
                                        {129, 257, 16, 2}};

std::string label(const TestShape& s) {
    return "(" + std::to_string(s.L_Q) + "," + std::to_string(s.L_K) + "," + std::to_string(s.d_k) + "," +
           std::to_string(s.d_v) + ")";
}

arma::fmat to_float(const arma::mat& X) { return arma::conv_to<arma::fmat>::from(X); }
arma::mat to_double(const arma::fmat& X) { return arma::conv_to<arma::mat>::from(X); }

// Shapes on both sides of where Path::automatic switches from the direct path
// to the blocked one, found from takes_direct_path itself (so that they follow
// the crossover when it is measured again): for square shapes with d_k = d_v =
// d, the first L that takes the blocked path in double or in float, and its
// neighbours. Plus odd shapes for the direct path's leftovers (queries not a
// multiple of its vectors, keys and value columns not a multiple of 4), one
// query alone, and one too large for its stack buffer (only a forced
// Path::direct goes there).
template <class T>
arma::uword first_blocked_length(arma::uword d) {
    arma::uword L = 1;
    while (L < 200 && kernels::takes_direct_path<T>(L, L, d, d)) ++L;
    BOOST_REQUIRE_MESSAGE(L < 200, "no square shape with d = " << d << " below L = 200 takes the blocked path");
    return L;
}

std::vector<TestShape> shapes_around_the_crossover() {
    std::vector<TestShape> shapes = {{1, 1, 1, 1}, {3, 3, 4, 4}, {5, 7, 3, 9}, {1, 40, 16, 6}, {13, 6, 2, 11},
                                     {70, 60, 8, 5}};
    for (const arma::uword d : {4u, 16u, 64u})
        for (const arma::uword L : {first_blocked_length<double>(d), first_blocked_length<float>(d)})
            for (const arma::uword l : {L - 1, L, L + 1})
                if (l > 0) shapes.push_back({l, l, d, d});
    return shapes;
}

// A mask with -inf at about a third of the entries, a finite entry added to a
// score, one query that may look at nothing and one that may look at one key.
arma::mat awkward_mask(arma::uword L_Q, arma::uword L_K) {
    arma::arma_rng::set_seed(5);
    arma::mat mask(L_Q, L_K, arma::fill::zeros);
    mask.elem(arma::find(arma::randu(L_Q, L_K) < 0.3)).fill(-kInf);
    mask(0, 0) = -1.5;
    if (L_Q > 1) mask.row(1).fill(-kInf);  // may look at nothing
    if (L_Q > 2) {
        mask.row(2).fill(-kInf);  // may look at the last key only
        mask(2, L_K - 1) = 0;
    }
    return mask;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(exponential)

BOOST_AUTO_TEST_CASE(double_is_within_one_ulp_of_std_exp_and_two_near_the_bottom) {
    // every 1/1024 from -708 to 709.7, plus points near 0 where exp is close to 1
    std::vector<double> x;
    for (double v = -708.0; v < 709.7; v += 1.0 / 1024) x.push_back(v);
    for (int k = -60; k <= 0; ++k) x.push_back(std::ldexp(1.0, k)), x.push_back(-std::ldexp(1.0, k));
    const auto y = kernel_exp(x);
    double worst = 0, at = 0, worst_above_700 = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const double e = ulps(y[i], std::exp(x[i]));
        if (e > worst) worst = e, at = x[i];
        if (x[i] > -700) worst_above_700 = std::max(worst_above_700, e);
    }
    BOOST_TEST_MESSAGE("double exp: worst error " << worst << " ulp at x = " << at);
    BOOST_TEST(worst_above_700 <= 1.0, "exp is " << worst_above_700 << " ulp from std::exp somewhere above -700");
    BOOST_TEST(worst <= 2.0, "exp(" << at << ") is " << worst << " ulp from std::exp");
}

BOOST_AUTO_TEST_CASE(float_is_within_two_ulps_of_the_rounded_true_value) {
    std::vector<float> x;
    for (float v = -86.98f; v < 88.7f; v += 1.0f / 256) x.push_back(v);  // above the flush limit
    const auto y = kernel_exp(x);
    double worst = 0, at = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const float truth = static_cast<float>(std::exp(static_cast<double>(x[i])));
        const double e = ulps(y[i], truth);
        if (e > worst) worst = e, at = x[i];
    }
    BOOST_TEST_MESSAGE("float exp: worst error " << worst << " ulp at x = " << at);
    BOOST_TEST(worst <= 2.0, "exp(" << at << "f) is " << worst << " ulp from the true value");
}

BOOST_AUTO_TEST_CASE(special_values_come_out_exactly) {
    const auto y = kernel_exp(std::vector<double>{0.0, -0.0, -kInf, kInf, -1000.0, -745.2, 710.0, 1e300, -1e300});
    BOOST_TEST(y[0] == 1.0, "exp(0) must be exactly 1");
    BOOST_TEST(y[1] == 1.0, "exp(-0) must be exactly 1");
    BOOST_TEST(y[2] == 0.0, "exp(-inf) must be exactly 0: masked keys rely on it");
    BOOST_TEST(y[3] == kInf);
    BOOST_TEST(y[4] == 0.0);
    BOOST_TEST(y[5] == 0.0);
    BOOST_TEST(y[6] == kInf, "exp(710) overflows");
    BOOST_TEST(y[7] == kInf);
    BOOST_TEST(y[8] == 0.0);
    const auto f = kernel_exp(std::vector<float>{0.0f, -INFINITY, INFINITY, -200.0f, 89.0f});
    BOOST_TEST(f[0] == 1.0f);
    BOOST_TEST(f[1] == 0.0f);
    BOOST_TEST(f[2] == INFINITY);
    BOOST_TEST(f[3] == 0.0f);
    BOOST_TEST(f[4] == INFINITY, "exp(89) overflows in float");
}

BOOST_AUTO_TEST_CASE(results_in_the_subnormal_range_are_zero_or_tiny) {
    // documented: below 3.2e-308 the kernel returns 0; std::exp returns a subnormal
    std::vector<double> x;
    for (double v = -745.0; v < -707.0; v += 0.01) x.push_back(v);
    const auto y = kernel_exp(x);
    for (std::size_t i = 0; i < x.size(); ++i) {
        BOOST_TEST(y[i] >= 0.0);
        if (std::exp(x[i]) >= 3.2e-308) BOOST_TEST(ulps(y[i], std::exp(x[i])) <= 2.0, "at x = " << x[i]);
        else BOOST_TEST(y[i] <= 3.2e-308, "at x = " << x[i]);
    }
}

BOOST_AUTO_TEST_CASE(nan_goes_in_nan_comes_out) {
    const auto y = kernel_exp(std::vector<double>{1.0, NAN, -2.0, NAN, 0.5});
    BOOST_TEST(std::isnan(y[1]));
    BOOST_TEST(std::isnan(y[3]));
    BOOST_TEST(ulps(y[4], std::exp(0.5)) <= 2.0, "a NaN must not spill into its neighbours");
    BOOST_TEST(std::isnan(kernel_exp(std::vector<float>{NAN})[0]));
}

BOOST_AUTO_TEST_CASE(every_length_gives_the_same_values) {
    // the vector loop and its scalar remainder must agree: lengths 0..19
    std::vector<double> all;
    for (int i = 0; i < 19; ++i) all.push_back(-0.37 * i + 1.5);
    const auto reference = kernel_exp(all);
    for (std::size_t n = 0; n <= all.size(); ++n) {
        const auto y = kernel_exp(std::vector<double>(all.begin(), all.begin() + static_cast<long>(n)));
        for (std::size_t i = 0; i < n; ++i) BOOST_TEST(ulps(y[i], reference[i]) <= 1.0, "length " << n << ", i " << i);
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(attention_kernel)

BOOST_AUTO_TEST_CASE(matches_the_teaching_reference_at_every_shape) {
    for (const auto& s : kShapes) {
        const RandomQKV in(s.L_Q, s.L_K, s.d_k, s.d_v);
        const arma::mat expected = attn::scaled_dot_product_attention(in.Q, in.K, in.V).output;
        BOOST_TEST(matrices_close(kernels::attention(in.Q, in.K, in.V), expected, 1e-12, "Z at " + label(s)));
    }
}

BOOST_AUTO_TEST_CASE(weights_are_probabilities) {
    // With V = I (L_K x L_K) the output is the weight matrix itself.
    for (const arma::uword L : {3u, 40u, 200u}) {
        const RandomQKV in(L, L, 16, 1);
        const arma::mat I = arma::eye(L, L);
        const arma::mat A = kernels::attention(in.Q, in.K, I);  // (L, L)
        BOOST_TEST(A.min() >= 0.0, "L = " << L);
        BOOST_TEST(matrices_close(arma::sum(A, 1), arma::ones(L, 1), 1e-12, "row sums at L = " + std::to_string(L)));
    }
}

BOOST_AUTO_TEST_CASE(float_agrees_with_double_to_float_rounding) {
    for (const auto& s : kShapes) {
        const RandomQKV in(s.L_Q, s.L_K, s.d_k, s.d_v);
        const arma::fmat Zf = kernels::attention(arma::fmat(arma::conv_to<arma::fmat>::from(in.Q)),
                                                 arma::fmat(arma::conv_to<arma::fmat>::from(in.K)),
                                                 arma::fmat(arma::conv_to<arma::fmat>::from(in.V)));
        const arma::mat Z = kernels::attention(in.Q, in.K, in.V);
        // inputs rounded to float (2^-24 relative) move scores of size ~sqrt(d_k)
        // by ~1e-6; outputs are weighted averages of values of size ~3
        BOOST_TEST(matrices_close(arma::conv_to<arma::mat>::from(Zf), Z, 2e-5, "float Z at " + label(s)));
    }
}

BOOST_AUTO_TEST_CASE(two_threads_give_the_result_of_one) {
    for (const auto& s : kShapes) {
        const RandomQKV in(s.L_Q, s.L_K, s.d_k, s.d_v);
        arma::mat one, two;
        arma::fmat one_f, two_f;
        const arma::fmat Qf = arma::conv_to<arma::fmat>::from(in.Q), Kf = arma::conv_to<arma::fmat>::from(in.K),
                         Vf = arma::conv_to<arma::fmat>::from(in.V);
        {
            const Threads t(1);
            one = kernels::attention(in.Q, in.K, in.V);
            one_f = kernels::attention(Qf, Kf, Vf);
        }
        {
            const Threads t(2);
            two = kernels::attention(in.Q, in.K, in.V);
            two_f = kernels::attention(Qf, Kf, Vf);
        }
        BOOST_TEST(matrices_close(two, one, 1e-13, "2-thread Z at " + label(s)));
        BOOST_TEST(matrices_close(arma::conv_to<arma::mat>::from(two_f), arma::conv_to<arma::mat>::from(one_f), 1e-5,
                                  "2-thread float Z at " + label(s)));
    }
}

BOOST_AUTO_TEST_CASE(a_nan_input_spoils_only_its_own_query) {
    RandomQKV in(100, 80, 8, 4);
    in.Q(7, 3) = NAN;
    const arma::mat Z = kernels::attention(in.Q, in.K, in.V);
    for (arma::uword i = 0; i < Z.n_rows; ++i)
        BOOST_TEST(Z.row(i).has_nan() == (i == 7), "row " << i);
}

BOOST_AUTO_TEST_CASE(huge_scores_do_not_overflow_on_the_large_path) {
    RandomQKV in(100, 100, 4, 3);
    in.Q(0, 0) = in.K(5, 0) = 1e4;  // score 1e8 / 2 for query 0 and key 5
    const arma::mat Z = kernels::attention(in.Q, in.K, in.V);
    BOOST_TEST(Z.is_finite());
    BOOST_TEST(matrices_close(Z.row(0), in.V.row(5), 1e-12, "query 0 puts all its weight on key 5"));
}

BOOST_AUTO_TEST_CASE(rejects_broken_shape_rules_in_float_too) {
    BOOST_CHECK_THROW(kernels::attention(arma::fmat(2, 4), arma::fmat(3, 5), arma::fmat(3, 4)), attn::ShapeError);
    BOOST_CHECK_THROW(kernels::attention(arma::fmat(2, 4), arma::fmat(3, 4), arma::fmat(2, 4)), attn::ShapeError);
    BOOST_CHECK_THROW(kernels::attention(arma::fmat(2, 0), arma::fmat(0, 0), arma::fmat(0, 4)), attn::InputError);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(masked_kernel)

BOOST_AUTO_TEST_CASE(masked_keys_get_exactly_zero_weight) {
    // causal mask: query i sees keys 0..i, so its output is attention over those keys alone
    for (const arma::uword L : {6u, 150u}) {
        const RandomQKV in(L, L, 8, 5);
        const arma::mat mask = attn::causal_mask(L);
        const arma::mat Z = kernels::attention(in.Q, in.K, in.V, mask);
        for (const arma::uword i : {arma::uword{0}, arma::uword{1}, L / 2, L - 1}) {
            const arma::mat expected = kernels::attention(arma::mat(in.Q.row(i)), arma::mat(in.K.rows(0, i)), arma::mat(in.V.rows(0, i)));
            BOOST_TEST(matrices_close(Z.row(i), expected, 1e-12, "row " + std::to_string(i) + " at L = " +
                                                                       std::to_string(L)));
        }
        // and the weights themselves (V = I): exactly 0 above the diagonal
        const arma::mat A = kernels::attention(in.Q, in.K, arma::mat(arma::eye(L, L)), mask);
        BOOST_TEST(arma::accu(arma::trimatu(A, 1) != 0.0) == 0u, "a masked key got weight at L = " << L);
    }
}

BOOST_AUTO_TEST_CASE(matches_the_teaching_masked_attention) {
    const RandomQKV in(40, 90, 16, 7);
    arma::mat mask(40, 90, arma::fill::zeros);
    arma::arma_rng::set_seed(5);
    mask.elem(arma::find(arma::randu(40, 90) < 0.3)).fill(-kInf);
    mask.row(3).fill(-kInf);  // a query that may look at nothing
    mask(4, 2) = -1.5;        // a finite entry is added to the scaled score
    const arma::mat expected = attn::masked_attention(in.Q, in.K, in.V, mask).output;
    const arma::mat Z = kernels::attention(in.Q, in.K, in.V, mask);
    BOOST_TEST(matrices_close(Z, expected, 1e-12, "masked Z"));
    BOOST_TEST(arma::accu(Z.row(3) != 0.0) == 0u, "a fully masked query outputs zeros");
    const arma::fmat Zf = kernels::attention(arma::fmat(arma::conv_to<arma::fmat>::from(in.Q)),
                                             arma::fmat(arma::conv_to<arma::fmat>::from(in.K)),
                                             arma::fmat(arma::conv_to<arma::fmat>::from(in.V)),
                                             arma::fmat(arma::conv_to<arma::fmat>::from(mask)));
    BOOST_TEST(matrices_close(arma::conv_to<arma::mat>::from(Zf), expected, 2e-5, "masked float Z"));
}

BOOST_AUTO_TEST_CASE(two_threads_mask_like_one) {
    const RandomQKV in(400, 400, 8, 5);  // large enough for the work to be shared
    const arma::mat mask = attn::causal_mask(400);
    arma::mat one, two;
    {
        const Threads t(1);
        one = kernels::attention(in.Q, in.K, in.V, mask);
    }
    {
        const Threads t(2);
        two = kernels::attention(in.Q, in.K, in.V, mask);
    }
    BOOST_TEST(matrices_close(two, one, 1e-13, "2-thread masked Z"));
    BOOST_TEST(matrices_close(two.row(0), in.V.row(0), 1e-13, "query 0 sees key 0 only"));
}

BOOST_AUTO_TEST_CASE(rejects_bad_masks) {
    const RandomQKV in(3, 4, 2, 2);
    BOOST_CHECK_THROW(kernels::attention(in.Q, in.K, in.V, arma::mat(4, 3, arma::fill::zeros)), attn::ShapeError);
    arma::mat mask(3, 4, arma::fill::zeros);
    mask(1, 2) = NAN;
    BOOST_CHECK_THROW(kernels::attention(in.Q, in.K, in.V, mask), attn::InputError);
    mask(1, 2) = kInf;
    BOOST_CHECK_THROW(kernels::attention(in.Q, in.K, in.V, mask), attn::InputError);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(kernel_paths)

// The two paths' products add in different orders (BLAS's own, against the
// direct path's in order), so they agree to rounding: about 1e-15 per term
// in double, 1e-7 in float, on outputs of size ~1.
BOOST_AUTO_TEST_CASE(direct_and_blocked_paths_agree_around_the_crossover) {
    for (const auto& s : shapes_around_the_crossover()) {
        const RandomQKV in(s.L_Q, s.L_K, s.d_k, s.d_v);
        const arma::mat direct = kernels::attention(in.Q, in.K, in.V, kernels::Path::direct);
        const arma::mat blocked = kernels::attention(in.Q, in.K, in.V, kernels::Path::blocked);
        BOOST_TEST(matrices_close(direct, blocked, 1e-13, "direct Z at " + label(s)));
        const arma::fmat Qf = to_float(in.Q), Kf = to_float(in.K), Vf = to_float(in.V);
        BOOST_TEST(matrices_close(to_double(kernels::attention(Qf, Kf, Vf, kernels::Path::direct)),
                                  to_double(kernels::attention(Qf, Kf, Vf, kernels::Path::blocked)), 1e-5,
                                  "direct float Z at " + label(s)));
    }
}

BOOST_AUTO_TEST_CASE(masked_direct_and_blocked_paths_agree_around_the_crossover) {
    for (const auto& s : shapes_around_the_crossover()) {
        const RandomQKV in(s.L_Q, s.L_K, s.d_k, s.d_v);
        const arma::mat mask = awkward_mask(s.L_Q, s.L_K);
        const arma::mat direct = kernels::attention(in.Q, in.K, in.V, mask, kernels::Path::direct);
        BOOST_TEST(matrices_close(direct, kernels::attention(in.Q, in.K, in.V, mask, kernels::Path::blocked), 1e-13,
                                  "masked direct Z at " + label(s)));
        const arma::fmat Qf = to_float(in.Q), Kf = to_float(in.K), Vf = to_float(in.V), Mf = to_float(mask);
        BOOST_TEST(matrices_close(to_double(kernels::attention(Qf, Kf, Vf, Mf, kernels::Path::direct)),
                                  to_double(kernels::attention(Qf, Kf, Vf, Mf, kernels::Path::blocked)), 1e-5,
                                  "masked direct float Z at " + label(s)));
    }
}

BOOST_AUTO_TEST_CASE(automatic_takes_the_path_takes_direct_path_names) {
    // bit for bit: the automatic result is one of the two paths' own, in double and in float
    for (const auto& s : shapes_around_the_crossover()) {
        const RandomQKV in(s.L_Q, s.L_K, s.d_k, s.d_v);
        const bool direct = kernels::takes_direct_path<double>(s.L_Q, s.L_K, s.d_k, s.d_v);
        const arma::mat chosen =
            kernels::attention(in.Q, in.K, in.V, direct ? kernels::Path::direct : kernels::Path::blocked);
        BOOST_TEST(arma::accu(kernels::attention(in.Q, in.K, in.V) != chosen) == 0u,
                   "automatic is not the " << (direct ? "direct" : "blocked") << " path at " << label(s));
        const arma::fmat Qf = to_float(in.Q), Kf = to_float(in.K), Vf = to_float(in.V);
        const bool direct_f = kernels::takes_direct_path<float>(s.L_Q, s.L_K, s.d_k, s.d_v);
        const arma::fmat chosen_f =
            kernels::attention(Qf, Kf, Vf, direct_f ? kernels::Path::direct : kernels::Path::blocked);
        BOOST_TEST(arma::accu(kernels::attention(Qf, Kf, Vf) != chosen_f) == 0u,
                   "automatic is not the " << (direct_f ? "direct" : "blocked") << " path in float at " << label(s));
    }
    BOOST_TEST(kernels::takes_direct_path<double>(3, 3, 4, 4), "the worked example's shape takes the direct path");
    BOOST_TEST(kernels::takes_direct_path<float>(3, 3, 4, 4));
    BOOST_TEST(!kernels::takes_direct_path<double>(512, 512, 64, 64));
    BOOST_TEST(!kernels::takes_direct_path<double>(1, 64, 64, 64), "one query fills a quarter of the direct path's lanes");
}

BOOST_AUTO_TEST_CASE(masked_keys_get_exactly_zero_weight_on_both_paths) {
    // With V = I (L_K x L_K) the output is the weight matrix itself.
    for (const auto path : {kernels::Path::direct, kernels::Path::blocked})
        for (const arma::uword L : {3u, 6u, 13u}) {
            const RandomQKV in(L, L, 4, 1);
            const arma::mat mask = awkward_mask(L, L);
            const arma::mat A = kernels::attention(in.Q, in.K, arma::mat(arma::eye(L, L)), mask, path);
            const char* name = path == kernels::Path::direct ? "direct" : "blocked";
            BOOST_TEST(arma::accu(A.elem(arma::find(mask == -kInf)) != 0.0) == 0u,
                       "a masked key got weight on the " << name << " path at L = " << L);
            BOOST_TEST(arma::accu(A.row(1) != 0.0) == 0u,
                       "a fully masked query must output exactly zeros on the " << name << " path");
            BOOST_TEST(A(2, L - 1) == 1.0, "a query that sees one key gives it all its weight (" << name << ")");
            const arma::uvec seeing = {0, 2};
            BOOST_TEST(matrices_close(arma::sum(A.rows(seeing), 1), arma::ones(2, 1), 1e-14, "row sums"));
        }
}

BOOST_AUTO_TEST_CASE(infinite_and_nan_inputs_spoil_the_same_queries_on_both_paths) {
    RandomQKV in(7, 5, 4, 3);
    in.Q(2, 1) = kInf;   // query 2's scores become +-inf: inf - inf in its softmax
    in.Q(4, 0) = NAN;    // query 4's scores are NaN
    in.K(3, 2) = -kInf;  // key 3's score is +-inf for every query with a nonzero entry in column 2
    in.Q(6, 2) = 0;      // ... and 0 * -inf = NaN for query 6
    const arma::mat direct = kernels::attention(in.Q, in.K, in.V, kernels::Path::direct);
    const arma::mat blocked = kernels::attention(in.Q, in.K, in.V, kernels::Path::blocked);
    for (arma::uword i = 0; i < direct.n_rows; ++i)
        BOOST_TEST(direct.row(i).has_nan() == blocked.row(i).has_nan(), "query " << i << " differs in NaN");
    BOOST_TEST(direct.row(4).has_nan(), "a NaN input spoils its query");
    BOOST_TEST(direct.row(6).has_nan(), "0 * -inf is NaN, and spoils its query");
    BOOST_TEST(matrices_close(direct, blocked, 1e-13, "direct Z with infinite inputs"));
}

BOOST_AUTO_TEST_CASE(huge_scores_do_not_overflow_on_the_direct_path) {
    RandomQKV in(5, 6, 4, 3);
    in.Q(0, 0) = in.K(5, 0) = 1e4;  // score 1e8 / 2 for query 0 and key 5
    const arma::mat Z = kernels::attention(in.Q, in.K, in.V, kernels::Path::direct);
    BOOST_TEST(Z.is_finite());
    BOOST_TEST(matrices_close(Z.row(0), in.V.row(5), 1e-12, "query 0 puts all its weight on key 5"));
}

BOOST_AUTO_TEST_CASE(rejects_a_path_that_is_none_of_the_three) {
    const RandomQKV in(3, 3, 4, 4);
    const std::string message =
        attn_test::thrown_message<attn::InputError>([&] { kernels::attention(in.Q, in.K, in.V, kernels::Path(7)); });
    BOOST_TEST(message == "attention: path must be automatic, direct or blocked; got 7");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(threads)

BOOST_AUTO_TEST_CASE(parallel_for_covers_every_index_once_even_when_nested) {
    const Threads t(2);
    std::vector<std::atomic<int>> seen(1000);
    attn::perf::parallel_for(10, 1e6, [&](std::size_t first, std::size_t last) {
        for (std::size_t i = first; i < last; ++i)
            attn::perf::parallel_for(100, 1e6, [&](std::size_t a, std::size_t b) {
                for (std::size_t j = a; j < b; ++j) seen[i * 100 + j]++;
            });
    });
    for (std::size_t k = 0; k < seen.size(); ++k) BOOST_TEST(seen[k].load() == 1, "index " << k);
}

BOOST_AUTO_TEST_CASE(parallel_for_covers_every_index_once_call_after_call) {
    // helpers are kept between calls: a late one must never work on a finished call
    const Threads t(2);
    for (int call = 0; call < 300; ++call) {
        const std::size_t n = 50 + static_cast<std::size_t>(call % 7) * 31;
        std::vector<std::atomic<int>> seen(n);
        attn::perf::parallel_for(n, 1e6, [&](std::size_t first, std::size_t last) {
            for (std::size_t i = first; i < last; ++i) seen[i]++;
        });
        std::size_t wrong = 0;
        for (auto& v : seen) wrong += v.load() != 1;
        BOOST_TEST(wrong == 0u, "call " << call << ": " << wrong << " of " << n << " indices not visited exactly once");
    }
}

BOOST_AUTO_TEST_CASE(an_exception_on_any_thread_reaches_the_caller) {
    const Threads t(2);
    for (const std::size_t bad : {std::size_t{0}, std::size_t{999}}) {  // the first piece, and the last
        BOOST_CHECK_THROW(attn::perf::parallel_for(1000, 1e6,
                                             [&](std::size_t first, std::size_t last) {
                                                 if (first <= bad && bad < last) throw std::runtime_error("bad");
                                             }),
                          std::runtime_error);
    }
    // and the helpers still work afterwards
    std::atomic<std::size_t> total{0};
    attn::perf::parallel_for(1000, 1e6, [&](std::size_t first, std::size_t last) { total += last - first; });
    BOOST_TEST(total.load() == 1000u);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_CASE(survives_huge_scores) {
    const arma::mat Q = arma::mat{{1000.0, 0.0}};
    const arma::mat K = {{1000.0, 0.0}, {0.0, 0.0}};
    const arma::mat V = arma::mat(arma::colvec{1.0, 2.0});
    const arma::mat Z = kernels::attention(Q, K, V);  // (1, 1)
    BOOST_TEST(std::isfinite(Z(0, 0)));
    BOOST_TEST(Z(0, 0) == 1.0, "all weight on the key with the huge score");
}

BOOST_AUTO_TEST_CASE(time_on_1_and_2_threads_runs_the_work_and_leaves_one_thread) {
    int runs = 0;
    const attn::perf::ThreadTimes t = attn::perf::time_on_1_and_2_threads([&] { ++runs; }, 3);
    BOOST_TEST(runs == 8, "one warm-up and 3 timed runs, on each thread count");
    BOOST_TEST((t.one >= 0.0 && t.two >= 0.0));
    BOOST_TEST(attn::perf::thread_count() == 1);
}
