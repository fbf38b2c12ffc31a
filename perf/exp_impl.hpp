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
#define ATTN_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
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
// exp(r) is a polynomial (on that small interval it is within rounding
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

    // 1 + (r + r^2 P(r)), P of degree 9: the small terms are summed first, so
    // the one addition to 1 carries almost all the rounding. P's coefficients
    // are not the Taylor series' 1/k! (which needs degree 11 for the same
    // accuracy) but fitted over the whole interval by perf/fit_exp.py: within
    // 1.6e-17 of exp(r), relative, a tenth of a unit in the last place.
    // P is evaluated in pairs (c_k + c_k+1 r, independent of each other, which
    // the processor works on at once) joined by Horner's rule in r^2: ten
    // multiply-adds, the fewest of the orders tried (a full Estrin tree takes
    // twelve, for r^4 and r^8), and the loop is limited by multiply-adds.
    template <class X>  // double, or a vector of doubles; r = exp(r)
    static ATTN_ALWAYS_INLINE void poly(X& r) {
        const X r2 = r * r;
        const X p23 = 0.5000000000000001 + r * 0.16666666666666669;
        const X p45 = 0.04166666666662413 + r * 0.008333333333330062;
        const X p67 = 0.0013888888917213717 + r * 0.00019841269863053618;
        const X p89 = 2.4801521295954376e-05 + r * 2.7557268459997064e-06;
        const X p1011 = 2.7620088445409746e-07 + r * 2.510038549551032e-08;
        const X P = p23 + r2 * (p45 + r2 * (p67 + r2 * (p89 + r2 * p1011)));
        r = 1.0 + (r + r2 * P);
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

    template <class X>  // float, or a vector of floats; r = exp(r)
    static ATTN_ALWAYS_INLINE void poly(X& r) {
        // 1 + (r + r^2 P(r)), P of degree 4 fitted by perf/fit_exp.py (the Taylor
        // series needs degree 5): within 1.1e-8 of exp(r), a fifth of float's unit
        const X r2 = r * r;
        const X P = (0.5f + r * 0.16666576f) + r2 * ((0.041666556f + r * 0.0083631789f) + r2 * 0.0013926184f);
        r = 1.0f + (r + r2 * P);
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

// 64 bytes of T at a time, as GCC vector types (one AVX-512 register; GCC
// splits the operations in two for AVX2, in four for SSE2), with the unsigned
// integers of T's width that exp_one reinterprets them as.
template <class T>
struct Lanes;
template <>
struct Lanes<double> {
    typedef double type __attribute__((vector_size(64)));
    typedef std::uint64_t bits __attribute__((vector_size(64)));
};
template <>
struct Lanes<float> {
    typedef float type __attribute__((vector_size(64)));
    typedef std::uint32_t bits __attribute__((vector_size(64)));
};

// What exp_one computes with, for one number (X = T) or for a vector of them.
template <class T, class X>
struct ExpOperands {
    using Bits = typename ExpConstants<T>::Bits;
    X lowest, highest;
    explicit ExpOperands(const ClampLimits<T>& limits) : lowest(limits.lowest), highest(limits.highest) {}
};
template <class T>
struct ExpOperands<T, typename Lanes<T>::type> {
    using X = typename Lanes<T>::type;
    using Bits = typename Lanes<T>::bits;
    X lowest, highest;  // the limits in every lane
    explicit ExpOperands(const ClampLimits<T>& limits) : lowest(X{} + limits.lowest), highest(X{} + limits.highest) {}
};

// x = exp(x), branch-free: two clamps, then arithmetic, so a loop of these
// vectorises (or, given a vector, it works on all lanes at once, with the same
// operations in each lane as for one number: the same results). In place, by
// reference: always inlined, it never passes a 64-byte vector by value, whose
// calling convention differs between the clones (GCC warns about that).
template <class T, class X>
ATTN_ALWAYS_INLINE void exp_one(X& x, const ExpOperands<T, X>& limits) {
    using E = ExpConstants<T>;
    // NaN fails both comparisons and goes through untouched; NaN * anything below is NaN
    X xc = x < limits.lowest ? limits.lowest : x;
    xc = xc > limits.highest ? limits.highest : xc;
    const X t = xc * E::log2e + E::shifter;
    const X n = t - E::shifter;                        // round(x / ln 2)
    const X r = (xc - n * E::ln2_hi) - n * E::ln2_lo;  // x - n ln 2, |r| <= ln(2)/2
    X p = r;
    E::poly(p);                                        // exp(r), in [0.7, 1.42]
    // t's low mantissa bits hold n (two's complement); shifted into the exponent
    // field with the bias they give 2^(n-1). Halving keeps n = 1024 (x near the
    // overflow limit) representable; the factor 2 comes back in the product,
    // which overflows to +inf by itself when exp(x) is too large.
    typename ExpOperands<T, X>::Bits bits;
    std::memcpy(&bits, &t, sizeof bits);
    bits = (bits + E::bias_minus_one) << E::mantissa_bits;
    X half_power;
    std::memcpy(&half_power, &bits, sizeof half_power);
    x = p * half_power * T(2);
}

// x[i] = exp(x[i]) for i < n: whole vectors, then one number at a time.
template <class T>
ATTN_ALWAYS_INLINE void exp_loop(T* x, std::size_t n) {
    using V = typename Lanes<T>::type;
    constexpr std::size_t W = sizeof(V) / sizeof(T);
    const ClampLimits<T> limits;
    const ExpOperands<T, V> wide(limits);
    const ExpOperands<T, T> one(limits);
    std::size_t i = 0;
    for (; i + W <= n; i += W) {
        V v;
        std::memcpy(&v, x + i, sizeof v);
        exp_one(v, wide);
        std::memcpy(x + i, &v, sizeof v);
    }
    for (; i < n; ++i) exp_one(x[i], one);
}

}  // namespace attn::perf::detail
