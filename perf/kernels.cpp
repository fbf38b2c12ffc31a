// kernels.cpp: the measured attention kernel (see kernels.hpp and bench/main.cpp).
//
// Rows are tokens, columns are features.
//   L_Q = query positions, L_K = key positions, d_k = query/key width, d_v = value width
//
// Where the time goes. The two matrix products (Q K^T and A V) are BLAS's job;
// everything else is two passes over each query's L_K scores: max, then exp
// and sum.
// With std::exp that pass cost more than both products together at L = 2048,
// because std::exp is a call per element that the compiler cannot vectorise.
// So the exponential below is written as plain arithmetic the compiler turns
// into SIMD code, under the normal floating-point rules (no relaxed-math flags:
// masking relies on exp(-inf) == 0 and on comparisons with infinity).
// The softmax then works on a group of queries at once, one query per vector
// lane (softmax_rows), on scores laid out as BLAS's plain products make them.
#include "attn_perf/kernels.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>
#include <cblas.h>

#include "core/errors.hpp"
#include "attn_perf/tuning.hpp"
#include "exp_impl.hpp"

namespace attn::perf {

namespace {

using detail::ClampLimits;  // the exponential (exp_impl.hpp), inlined into the softmax below
using detail::exp_one;
using detail::ExpOperands;
using detail::Lanes;

// ---------------------------------------------------------------- one query's softmax
// The two reductions of a row (its maximum and its sum) are written with GCC's
// vector types: a reduction in another order than the source's is a change the
// compiler may not make by itself under strict IEEE rules, so the code makes
// it explicitly. Vector32 (4 doubles or 8 floats) serves the small shapes'
// dot products; the softmax works on Lanes (exp_impl.hpp), 64 bytes a step.
template <class T>
struct Vector32;
template <>
struct Vector32<double> {
    typedef double type __attribute__((vector_size(32)));
};
template <>
struct Vector32<float> {
    typedef float type __attribute__((vector_size(32)));
};

template <class T>
ATTN_ALWAYS_INLINE T row_max(const T* s, std::size_t n) {
    using V = typename Lanes<T>::type;
    constexpr std::size_t W = sizeof(V) / sizeof(T);
    constexpr T minus_inf = -std::numeric_limits<T>::infinity();
    V a = V{} + minus_inf, b = a;  // two accumulators: consecutive steps do not wait for each other
    std::size_t j = 0;
    for (; j + 2 * W <= n; j += 2 * W) {
        V x, y;
        std::memcpy(&x, s + j, sizeof x);
        std::memcpy(&y, s + j + W, sizeof y);
        a = a < x ? x : a;  // a NaN in s is skipped here; the caller deals with it
        b = b < y ? y : b;
    }
    a = a < b ? b : a;
    T m = minus_inf;
    for (std::size_t l = 0; l < W; ++l) m = m < a[l] ? a[l] : m;
    for (; j < n; ++j) m = m < s[j] ? s[j] : m;
    return m;
}

// On entry s holds one query's scaled scores q . k_j / sqrt(d_k) (plus the
// mask, if any), j < n; on exit s[j] = exp(s[j] - max), and the return value
// is their sum. The division by the sum is left to the caller, who can do it
// on the (narrower) output row instead of on all n weights.
template <class T>
ATTN_ALWAYS_INLINE T softmax_unnormalised(T* s, std::size_t n) {
    using V = typename Lanes<T>::type;
    constexpr std::size_t W = sizeof(V) / sizeof(T);
    constexpr T minus_inf = -std::numeric_limits<T>::infinity();
    // pass 1: the row's maximum, so that every exponent is <= 0 (no overflow)
    const T m = row_max(s, n);
    if (m == minus_inf) {
        // Every key masked (no weights at all: the caller outputs zeros), unless
        // the comparisons skipped NaNs: those go on and make the row NaN.
        bool all_masked = true;
        for (std::size_t j = 0; j < n; ++j) all_masked = all_masked && s[j] == minus_inf;
        if (all_masked) {
            for (std::size_t j = 0; j < n; ++j) s[j] = 0;
            return 0;
        }
    }
    // pass 2: the exponentials, summed as they are made (while they are still
    // in registers, rather than in a third pass over the row). A NaN anywhere
    // in the row makes the sum NaN, and the row with it.
    const ClampLimits<T> limits;
    const ExpOperands<T, V> wide(limits);
    const ExpOperands<T, T> one(limits);
    const V mv = V{} + m;
    V acc = V{};
    std::size_t j = 0;
    for (; j + W <= n; j += W) {
        V x;
        std::memcpy(&x, s + j, sizeof x);
        x -= mv;
        exp_one(x, wide);
        std::memcpy(s + j, &x, sizeof x);
        acc += x;
    }
    T total = 0;
    for (std::size_t l = 0; l < W; ++l) total += acc[l];
    for (; j < n; ++j) {
        T x = s[j] - m;
        exp_one(x, one);
        total += (s[j] = x);
    }
    return total;
}

// Also called (not inlined) by the small shapes: inlined there, GCC 12 warned
// about 64-byte stores past the end of their 64-entry stack buffer on loop
// paths that n <= 64 never takes.
ATTN_VECTOR_CLONES double softmax_column(double* s, std::size_t n) { return softmax_unnormalised(s, n); }
ATTN_VECTOR_CLONES float softmax_column(float* s, std::size_t n) { return softmax_unnormalised(s, n); }

template <class T>
T inverse_or_zero(T total) {
    return total == 0 ? T(0) : T(1) / total;  // a fully masked query outputs zeros; NaN stays NaN
}

// ---------------------------------------------------------------- small shapes
// Below these sizes BLAS calls, the workspace and threads cost more than the
// arithmetic: plain loops over a fixed stack buffer, no heap for the scores.
constexpr arma::uword kSmallKeys = 64;           // L_K <= this: the scores fit the stack buffer
constexpr double kSmallWork = 1024;              // L_Q * L_K * (d_k + d_v) <= this

template <class T>
ATTN_ALWAYS_INLINE T dot(const T* a, const T* b, std::size_t n) {
    using V = typename Vector32<T>::type;
    constexpr std::size_t W = sizeof(V) / sizeof(T);
    V acc = V{};
    std::size_t j = 0;
    for (; j + W <= n; j += W) {
        V x, y;
        std::memcpy(&x, a + j, sizeof x);
        std::memcpy(&y, b + j, sizeof y);
        acc += x * y;
    }
    T total = 0;
    for (std::size_t l = 0; l < W; ++l) total += acc[l];
    for (; j < n; ++j) total += a[j] * b[j];
    return total;
}

template <class T>
ATTN_ALWAYS_INLINE void small_attention_loops(const arma::Mat<T>& Q, const arma::Mat<T>& K, const arma::Mat<T>& V,
                                              T scale, arma::Mat<T>& Z) {
    T s[kSmallKeys];
    const std::size_t L_K = K.n_rows;
    for (arma::uword i = 0; i < Q.n_rows; ++i) {
        // pass 1: query i's scores, s_j = q_i . k_j, one column of K at a time (contiguous)
        for (std::size_t j = 0; j < L_K; ++j) s[j] = 0;
        for (arma::uword c = 0; c < K.n_cols; ++c) {
            const T q = Q.at(i, c);
            const T* k = K.colptr(c);
            for (std::size_t j = 0; j < L_K; ++j) s[j] += q * k[j];
        }
        // pass 2: unnormalised weights of the scaled scores
        for (std::size_t j = 0; j < L_K; ++j) s[j] *= scale;
        const T inv = inverse_or_zero(softmax_column(s, L_K));  // a call: see softmax_column
        // pass 3: z_i = sum_j a_ij v_j, one column of V at a time
        for (arma::uword c = 0; c < V.n_cols; ++c) Z.at(i, c) = dot(s, V.colptr(c), L_K) * inv;
    }
}

ATTN_VECTOR_CLONES void small_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, double scale,
                                        arma::mat& Z) {
    small_attention_loops(Q, K, V, scale, Z);
}
ATTN_VECTOR_CLONES void small_attention(const arma::fmat& Q, const arma::fmat& K, const arma::fmat& V, float scale,
                                        arma::fmat& Z) {
    small_attention_loops(Q, K, V, scale, Z);
}

// ---------------------------------------------------------------- large shapes
// C = alpha op(A) op(B), through CBLAS (OpenBLAS's public interface). op is 'N' (as
// stored) or 'T' (transposed); A is m x k after op, B is k x n, C is m x n;
// ld* are the distances between columns, which lets a call work on a block of
// rows in place.
void gemm(char op_a, char op_b, arma::uword m, arma::uword n, arma::uword k, double alpha, const double* A,
          arma::uword ld_a, const double* B, arma::uword ld_b, double* C, arma::uword ld_c) {
    cblas_dgemm(CblasColMajor, op_a == 'T' ? CblasTrans : CblasNoTrans, op_b == 'T' ? CblasTrans : CblasNoTrans,
                static_cast<int>(m), static_cast<int>(n), static_cast<int>(k), alpha, A, static_cast<int>(ld_a), B,
                static_cast<int>(ld_b), 0.0, C, static_cast<int>(ld_c));
}
void gemm(char op_a, char op_b, arma::uword m, arma::uword n, arma::uword k, float alpha, const float* A,
          arma::uword ld_a, const float* B, arma::uword ld_b, float* C, arma::uword ld_c) {
    cblas_sgemm(CblasColMajor, op_a == 'T' ? CblasTrans : CblasNoTrans, op_b == 'T' ? CblasTrans : CblasNoTrans,
                static_cast<int>(m), static_cast<int>(n), static_cast<int>(k), alpha, A, static_cast<int>(ld_a), B,
                static_cast<int>(ld_b), 0.0f, C, static_cast<int>(ld_c));
}

// How many queries go through the three passes together. Each group costs
// both products a fresh pass over K and V (BLAS repacks them per call), so
// groups should be large; their scores (L_K per query) should still fit the
// cache between the two products. Measured at L = 512 and 2048 (thread CPU
// time): 256 to 512 queries, about 4 MiB of scores, did best; 32 was 10-15 %
// slower.
constexpr arma::uword kMinGroup = 64, kMaxGroup = 512;
constexpr double kGroupBytes = 4.0 * 1024 * 1024;
arma::uword group_size(arma::uword L_K, std::size_t bytes_per_value) {
    const double fit = kGroupBytes / (static_cast<double>(L_K) * static_cast<double>(bytes_per_value));
    return static_cast<arma::uword>(std::clamp(fit, double(kMinGroup), double(kMaxGroup)));
}

// The softmax of a group's n queries, in place. S is n x L_K, column-major
// with leading dimension n: column j holds every query's score for key j, so
// the loops run along the columns and the vectors hold consecutive queries,
// one lane per query. Each query's maximum and sum then go through its keys
// in order, as the scalar code reads (no reduction to reorder), and they do
// not depend on how the queries are grouped or spread over threads. Per-query
// state (maximum, then shift and sum) lives in arrays of n entries that stay
// in L1; S itself streams through column after column.
// On entry S holds the scaled scores (plus the mask, if any); on exit the
// unnormalised weights exp(s - max), and inv[q] = 1 / (query q's sum), or 0
// for a query whose keys are all masked (its weights are then all 0).
template <class T>
ATTN_ALWAYS_INLINE void softmax_rows(T* S, std::size_t n, std::size_t L_K, T* inv) {
    using V = typename Lanes<T>::type;
    constexpr std::size_t W = sizeof(V) / sizeof(T);
    constexpr T minus_inf = -std::numeric_limits<T>::infinity();
    T shift[kMaxGroup], total[kMaxGroup];
    // pass 1: each query's maximum, so that every exponent is <= 0 (no overflow).
    // A NaN score is skipped by the comparison; it reaches the sum in pass 2.
    for (std::size_t q = 0; q < n; ++q) shift[q] = minus_inf;
    for (std::size_t j = 0; j < L_K; ++j) {
        const T* s = S + j * n;
        std::size_t q = 0;
        for (; q + W <= n; q += W) {
            V x, m;
            std::memcpy(&x, s + q, sizeof x);
            std::memcpy(&m, shift + q, sizeof m);
            m = m < x ? x : m;
            std::memcpy(shift + q, &m, sizeof m);
        }
        for (; q < n; ++q) shift[q] = shift[q] < s[q] ? s[q] : shift[q];
    }
    // A query with every key masked has maximum -inf: it is shifted by 0
    // instead, so that its weights come out exp(-inf) = 0 (and its output
    // row 0) rather than exp(-inf - -inf) = NaN.
    for (std::size_t q = 0; q < n; ++q) {
        if (shift[q] == minus_inf) shift[q] = 0;
        total[q] = 0;
    }
    // pass 2: the exponentials, and each query's sum, added up as they are made
    const ClampLimits<T> limits;
    const ExpOperands<T, V> wide(limits);
    const ExpOperands<T, T> one(limits);
    for (std::size_t j = 0; j < L_K; ++j) {
        T* s = S + j * n;
        std::size_t q = 0;
        for (; q + W <= n; q += W) {
            V x, m, t;
            std::memcpy(&x, s + q, sizeof x);
            std::memcpy(&m, shift + q, sizeof m);
            x -= m;
            exp_one(x, wide);
            std::memcpy(s + q, &x, sizeof x);
            std::memcpy(&t, total + q, sizeof t);
            t += x;
            std::memcpy(total + q, &t, sizeof t);
        }
        for (; q < n; ++q) {
            T x = s[q] - shift[q];
            exp_one(x, one);
            total[q] += (s[q] = x);
        }
    }
    // a NaN anywhere in a query's row makes its sum NaN, and its output row with it
    for (std::size_t q = 0; q < n; ++q) inv[q] = inverse_or_zero(total[q]);
}

ATTN_VECTOR_CLONES void softmax_group(double* S, std::size_t n, std::size_t L_K, double* inv) {
    softmax_rows(S, n, L_K, inv);
}
ATTN_VECTOR_CLONES void softmax_group(float* S, std::size_t n, std::size_t L_K, float* inv) {
    softmax_rows(S, n, L_K, inv);
}

// ---------------------------------------------------------------- checks
template <class T>
void check_inputs(const arma::Mat<T>& Q, const arma::Mat<T>& K, const arma::Mat<T>& V, const arma::Mat<T>* mask) {
    const char* fn = "attention";
    require_shapes(Q.n_cols == K.n_cols, fn, "Q and K must have the same width (d_q = d_k)",
                   {"Q", Q.n_rows, Q.n_cols}, {"K", K.n_rows, K.n_cols});
    require_shapes(K.n_rows == V.n_rows, fn, "K and V must have the same length (L_K = L_V)",
                   {"K", K.n_rows, K.n_cols}, {"V", V.n_rows, V.n_cols});
    // a query needs at least one key to attend to (the shape alone is enough for the message)
    if (K.n_elem == 0) require_nonempty(fn, "K", arma::mat(K.n_rows, K.n_cols));
    if (!mask) return;
    require_shapes(mask->n_rows == Q.n_rows && mask->n_cols == K.n_rows, fn,
                   "the mask must have one entry per query and key (L_Q x L_K)",
                   {"mask", mask->n_rows, mask->n_cols}, {"scores", Q.n_rows, K.n_rows});
    for (const T x : *mask)
        if (!(x < std::numeric_limits<T>::infinity())) {  // NaN or +inf: say where, in words
            require_finite(fn, "mask", arma::conv_to<arma::mat>::from(*mask), /*allow_minus_inf=*/true);
        }
}

// ---------------------------------------------------------------- the kernel

template <class T>
arma::Mat<T> attention_impl(const arma::Mat<T>& Q, const arma::Mat<T>& K, const arma::Mat<T>& V,
                            const arma::Mat<T>* mask) {
    check_inputs(Q, K, V, mask);
    const arma::uword L_Q = Q.n_rows, L_K = K.n_rows, d_k = K.n_cols, d_v = V.n_cols;
    const T scale = T(1) / std::sqrt(static_cast<T>(d_k));

    if (!mask && L_K <= kSmallKeys &&
        static_cast<double>(L_Q) * static_cast<double>(L_K) * static_cast<double>(d_k + d_v) <= kSmallWork) {
        arma::Mat<T> Z(L_Q, d_v, arma::fill::none);  // up to 16 entries live inside the object: no heap
        small_attention(Q, K, V, scale, Z);
        return Z;
    }

    keep_freed_memory();

    // parallel_for hands out the queries in pieces to thread_count() threads;
    // each piece goes through all three passes on its own, a group at a time:
    // the scores of one group of queries stay in the core's cache from the
    // product that makes them to the product that uses them. (Scores for all
    // queries at once would be 32 MiB at L = 2048: written, read, rewritten
    // and read again through main memory.) The products are BLAS calls on the
    // group's rows of Q and Z where they lie (a leading dimension of L_Q), so
    // nothing is copied or transposed. The group's scores S are n x L_K, as
    // on paper (one query a row): both products are then BLAS's plain cases,
    // Q K^T ('N', 'T') and S V ('N', 'N'), the pair the benchmark's baseline
    // computes. An earlier version kept S^T (one query's scores contiguous,
    // for a softmax along them); its K Q^T and S^T-transposed V products took
    // about 10 % longer than these at L = 512 (thread CPU time, same rounds).
    arma::Mat<T> Z(L_Q, d_v, arma::fill::none);  // (L_Q, d_v), every entry written below
    const arma::uword group = group_size(L_K, sizeof(T));

    auto part = [&](std::size_t first, std::size_t last) {
        // this thread's scratch for one group's scores, kept between calls
        // (parallel_for's helpers live as long as the program); it only grows
        thread_local std::vector<T> scratch;
        scratch.resize(std::max<std::size_t>(scratch.size(), L_K * group));
        T* const S = scratch.data();  // (n, L_K) for the group's n queries
        for (arma::uword g = first; g < last; g += group) {
            const arma::uword n = std::min<arma::uword>(group, last - g);
            // pass 1: S = Q_g K^T / sqrt(d_k), Q_g = rows g..g+n-1 of Q (BLAS
            // applies the factor as it stores each result: no pass of its own)
            gemm('N', 'T', n, L_K, d_k, scale, Q.memptr() + g, L_Q, K.memptr(), L_K, S, n);  // (n, L_K)
            if (mask) {  // the mask is added to the scaled scores: its rows g..g+n-1, where they lie
                for (arma::uword j = 0; j < L_K; ++j) {
                    T* s = S + j * n;
                    const T* m = mask->colptr(j) + g;
                    for (arma::uword q = 0; q < n; ++q) s[q] += m[q];  // -inf stays -inf
                }
            }
            // pass 2: exp(s - max) along each row, and the row's sum
            T inv[kMaxGroup];
            softmax_group(S, n, L_K, inv);
            // pass 3: Z_g = E_g V straight into rows g..g+n-1 of Z, then each row
            // divided by its query's sum (d_v divisions per query instead of L_K)
            gemm('N', 'N', n, d_v, L_K, T(1), S, n, V.memptr(), L_K, Z.memptr() + g, L_Q);  // (n, d_v)
            for (arma::uword c = 0; c < d_v; ++c) {
                T* z = Z.colptr(c) + g;
                for (arma::uword q = 0; q < n; ++q) z[q] *= inv[q];
            }
        }
    };
    // Cost of one query in parallel_for's units (about 0.5 ns each): its share of
    // the two products (~0.1 ns per multiply-add) and of the exponentials (~2 ns).
    const double per_query = static_cast<double>(L_K) * (0.2 * static_cast<double>(d_k + d_v) + 4.0);
    parallel_for(L_Q, per_query, part);
    return Z;
}

}  // namespace

arma::mat attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    return attention_impl<double>(Q, K, V, nullptr);
}
arma::fmat attention(const arma::fmat& Q, const arma::fmat& K, const arma::fmat& V) {
    return attention_impl<float>(Q, K, V, nullptr);
}
arma::mat attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask) {
    return attention_impl<double>(Q, K, V, &mask);
}
arma::fmat attention(const arma::fmat& Q, const arma::fmat& K, const arma::fmat& V, const arma::fmat& mask) {
    return attention_impl<float>(Q, K, V, &mask);
}


}  // namespace attn::perf
