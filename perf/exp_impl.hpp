// exp_impl.hpp: the kernel's exponential, inline (perf/ only; not installed
// with the attn_perf headers). kernels.cpp inlines exp_one into its softmax
// loops; exp.cpp gives it out as exp_in_place (kernels.hpp) for the tests.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

// The hot loops are compiled twice on x86-64 with GCC: once for any x86-64 and
// once for CPUs with AVX2 and FMA (x86-64-v3); the loader picks the one this
// CPU runs. Default compiler flags only assume SSE2, which halves the width.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(ATTN_NO_TARGET_CLONES)
#define ATTN_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define ATTN_VECTOR_CLONES
#endif
#if defined(__GNUC__)
#define ATTN_ALWAYS_INLINE __attribute__((always_inline)) inline
#else
#define ATTN_ALWAYS_INLINE inline
#endif

namespace attn::perf::detail {

// ---------------------------------------------------------------- exp
// exp(x) = 2^n exp(r), with n = round(x / ln 2) and |r| <= ln(2)/2.
// exp(r) is a Taylor polynomial (on that small interval it is within rounding
// of the true value); 2^n is built by writing n into the exponent field.
template <class T>
struct ExpConstants;

template <>
struct ExpConstants<double> {
    using Bits = std::uint64_t;
    static constexpr double log2e = 1.4426950408889634;
    // ln 2 split in two: ln2_hi has 21 trailing zero bits, so n * ln2_hi is exact
    static constexpr double ln2_hi = 6.93147180369123816490e-01;
    static constexpr double ln2_lo = 1.90821492927058770002e-10;
    // adding 1.5 * 2^52 rounds to an integer and leaves it in the low mantissa bits
    static constexpr double shifter = 0x1.8p52;
    // The clamp limits are chosen so that the special cases need no branch:
    // x <= lowest gives n = -1022, whose 2^(n-1) has an all-zero exponent field,
    // i.e. exactly 0 (so does -inf); x >= highest gives n = 1025, an all-ones
    // field, i.e. +inf. Between -708.4 and about -708.05 (results below 3.2e-308,
    // the subnormal range) the result is 0 as well.
    static constexpr double lowest = -708.4;
    static constexpr double highest = 710.5;
    static constexpr int mantissa_bits = 52;
    static constexpr Bits bias_minus_one = 1022;  // the exponent field of 2^(n-1) is n + 1022

    // sum of r^k / k!, k = 0..13, written 1 + (r + r^2 P(r)): the small terms are
    // summed first, so the one addition to 1 carries almost all the rounding.
    // P is evaluated in pairs (Estrin's scheme) rather than one long chain: the
    // pairs are independent, and the processor works on several at once.
    static ATTN_ALWAYS_INLINE double poly(double r) {
        const double r2 = r * r, r4 = r2 * r2, r8 = r4 * r4;
        const double p23 = 1.0 / 2 + r * (1.0 / 6), p45 = 1.0 / 24 + r * (1.0 / 120);
        const double p67 = 1.0 / 720 + r * (1.0 / 5040), p89 = 1.0 / 40320 + r * (1.0 / 362880);
        const double p1011 = 1.0 / 3628800 + r * (1.0 / 39916800);
        const double p1213 = 1.0 / 479001600 + r * (1.0 / 6227020800.0);
        const double P = (p23 + r2 * p45) + r4 * (p67 + r2 * p89) + r8 * (p1011 + r2 * p1213);
        return 1.0 + (r + r2 * P);
    }
};

template <>
struct ExpConstants<float> {
    using Bits = std::uint32_t;
    static constexpr float log2e = 1.44269504f;
    // 0.693359375 has 9 significant bits: n * ln2_hi is exact
    static constexpr float ln2_hi = 0.693359375f;
    static constexpr float ln2_lo = -2.12194440e-4f;
    static constexpr float shifter = 0x1.8p23f;
    // as for double: n = -126 gives 0, n = 129 gives +inf; results below 1.7e-38 are 0
    static constexpr float lowest = -87.3f;
    static constexpr float highest = 89.5f;
    static constexpr int mantissa_bits = 23;
    static constexpr Bits bias_minus_one = 126;

    static ATTN_ALWAYS_INLINE float poly(float r) {  // 1 + (r + r^2 P(r)), terms up to r^7 / 7!
        const float r2 = r * r, r4 = r2 * r2;
        const float P = (0.5f + r * (1.0f / 6)) + r2 * (1.0f / 24 + r * (1.0f / 120)) +
                        r4 * (1.0f / 720 + r * (1.0f / 5040));
        return 1.0f + (r + r2 * P);
    }
};

// The clamp limits, hidden from the optimiser. Seeing constants, GCC works out
// that a clamped input always gives 0 (or +inf) and branches around the
// polynomial, and a loop with branches inside does not vectorise. An empty asm
// statement that "may change" the value stops that, and costs nothing.
template <class T>
struct ClampLimits {
    T lowest = ExpConstants<T>::lowest, highest = ExpConstants<T>::highest;
    ClampLimits() {
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
        asm("" : "+x"(lowest), "+x"(highest));  // in SSE registers
#elif defined(__GNUC__)
        asm("" : "+m"(lowest), "+m"(highest));  // any CPU: in memory, read once before the loop
#endif
    }
};

// Branch-free: two clamps, then arithmetic, so a loop of these vectorises.
template <class T>
ATTN_ALWAYS_INLINE T exp_one(T x, const ClampLimits<T>& limits) {
    using E = ExpConstants<T>;
    // NaN fails both comparisons and goes through untouched; NaN * anything below is NaN
    T xc = x < limits.lowest ? limits.lowest : x;
    xc = xc > limits.highest ? limits.highest : xc;
    const T t = xc * E::log2e + E::shifter;
    const T n = t - E::shifter;                        // round(x / ln 2)
    const T r = (xc - n * E::ln2_hi) - n * E::ln2_lo;  // x - n ln 2, |r| <= ln(2)/2
    const T p = E::poly(r);                            // exp(r), in [0.7, 1.42]
    // t's low mantissa bits hold n (two's complement); shifted into the exponent
    // field with the bias they give 2^(n-1). Halving keeps n = 1024 (x near the
    // overflow limit) representable; the factor 2 comes back in the product,
    // which overflows to +inf by itself when exp(x) is too large.
    typename E::Bits bits;
    std::memcpy(&bits, &t, sizeof bits);
    bits = (bits + E::bias_minus_one) << E::mantissa_bits;
    T half_power;
    std::memcpy(&half_power, &bits, sizeof half_power);
    return p * half_power * T(2);
}

template <class T>
ATTN_ALWAYS_INLINE void exp_loop(T* x, std::size_t n) {
    const ClampLimits<T> limits;
    for (std::size_t i = 0; i < n; ++i) x[i] = exp_one(x[i], limits);
}

}  // namespace attn::perf::detail
