// kernels.cpp: the measured attention kernel (see kernels.hpp and bench/).
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
// That is the blocked path; small shapes take the direct path (plain loops,
// no BLAS call, no thread), whose fixed costs are smaller.
#include "attn_perf/kernels.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
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

template <class T>
T inverse_or_zero(T total) {
    return total == 0 ? T(0) : T(1) / total;  // a fully masked query outputs zeros; NaN stays NaN
}

// ---------------------------------------------------------------- the direct path
// At small shapes the blocked path's fixed costs (two BLAS calls, which check
// their arguments and pick a kernel, the per-thread workspace, parallel_for's
// decision) outweigh the arithmetic: at (3,3,4,4) they made the kernel slower
// than plain loops. The direct path does the same three passes in plain loops
// on the calling thread, over the whole score matrix at once, in a buffer on
// the stack laid out as the blocked path lays out a group (column j = every
// query's score for key j). Its loops take W consecutive queries at a time in
// a Vector32 (4 doubles or 8 floats), one lane per query: a column of Q, E and
// Z holds consecutive queries, so every load and store is contiguous, and each
// lane does what scalar code would (sums over d_k and over keys in order).
// The last, partial block of queries goes through zero-padded copies, not
// through scalar code: GCC 12 kept scalar sums in general-purpose registers,
// moving them at every step, and (3,3,64,64) took 3x the blocked path. Sums
// run in registers, 4 at a time (accumulating in memory waited on a store at
// every step, one sum at a time on the one before). The exponentials run over
// the whole matrix in 64-byte vectors: 9 of them one at a time cost more than
// the rest of a (3,3,4,4) call. Each weight and sum is computed as the blocked
// path computes it; only the products' sums may round differently (BLAS
// orders its additions its own way).
constexpr std::size_t kDirectStack = 4096;  // values on the stack; a larger forced call (Path::direct) uses the heap
// takes_direct_path: at most this many scores (L_Q L_K; with the padded copies
// they fit the stack buffer) ...
constexpr double kDirectScores = 1024;
// ... and at most this many vector multiply-adds in the two products, the
// queries rounded up to whole vectors (a Vector32 holds 4 doubles or 8
// floats: 1 query costs what a whole vector does): 4096 multiply-adds in
// double, 8192 in float. Where the paths cross, measured by the bench's
// section 4 (both paths forced, 1 thread, in the same rounds): three runs on
// 2026-12-02, two of `build/bench/bench --shape 3,3,4,4` at load average 13
// to 17 and one of `./course bench --pytorch` at 4.7 to 6.5. Within
// the limit the direct path took 0.28x to 0.94x the blocked one's time in
// every run at every shape (15 in double, 21 in float), but (2,2,64,64) in
// float once (1.07x; 0.92x and 0.89x in the others). Beyond it in double, it
// broke even at (6,6,64,64) (1.00x to 1.05x) and lost in one run at
// (32,32,4,4) and (16,16,16,16) (1.15x, 1.16x; 0.81x to 0.95x in the others);
// in float it was still ahead at (24,24,16,16) and (7,12,64,64) (0.66x to
// 0.74x) and lost at (12,12,64,64) (1.10x to 1.13x); (1,64,64,64), one query
// in a vector's lanes, lost by 1.58x to 2.22x.
constexpr double kDirectVectorWork = 1024;

// 32 bytes of T (4 doubles or 8 floats) as a GCC vector type.
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

// W consecutive queries as the loops see them: value l of a column is query
// q + l's. Each pointer is at the block's first query, with the distance
// between columns: in the inputs themselves (ld = L_Q), or for the last,
// partial block in zero-padded copies (ld = W).
template <class T>
struct Block {
    const T* Q;
    std::size_t ld_q;  // Q(q + l, c) at Q[c * ld_q + l]
    const T* mask;
    std::size_t ld_mask;  // nullptr when there is no mask
    T* E;
    std::size_t ld_e;  // the scores, E(q + l, j) at E[j * ld_e + l]
    T* Z;
    std::size_t ld_z;  // the output rows
};

// x = at[0..W) and back, through references: a vector returned by value has a
// calling convention that differs between the clones (GCC warns about it).
template <class X, class T>
ATTN_ALWAYS_INLINE void load(X& x, const T* at) {
    std::memcpy(&x, at, sizeof x);
}
template <class X, class T>
ATTN_ALWAYS_INLINE void store(T* at, const X& x) {
    std::memcpy(at, &x, sizeof x);
}

// Columns j..j+R-1 of the block's scores: q . k_j / sqrt(d_k) (+ mask), each a
// sum over d_k in order, then scaled, then masked (as BLAS's alpha and the
// blocked path's mask loop do it); m becomes the maximum of m and them. R sums
// at once: independent chains of multiply-adds overlap instead of waiting for
// each other.
template <std::size_t R, class T, class X>
ATTN_ALWAYS_INLINE void key_scores(const Block<T>& b, const arma::Mat<T>& K, T scale, std::size_t j, X& m) {
    X sum[R], x;
    for (std::size_t r = 0; r < R; ++r) sum[r] = X{};
    const T* kc = K.memptr() + j;  // K(j + r, c) at kc[c * L_K + r]
    const std::size_t L_K = K.n_rows, d_k = K.n_cols;
    for (std::size_t c = 0; c < d_k; ++c) {
        load(x, b.Q + c * b.ld_q);
        for (std::size_t r = 0; r < R; ++r) sum[r] += x * kc[c * L_K + r];
    }
    for (std::size_t r = 0; r < R; ++r) {
        sum[r] *= scale;
        if (b.mask) {
            load(x, b.mask + (j + r) * b.ld_mask);
            sum[r] += x;  // -inf stays -inf
        }
        store(b.E + (j + r) * b.ld_e, sum[r]);
        m = m < sum[r] ? sum[r] : m;  // a NaN is skipped here and reaches the sum in pass 3
    }
}

// pass 1 for a block: its scores against every key, then shifted by each
// query's maximum, or by 0 when every key is masked (as softmax_rows does), so
// that every exponent is <= 0.
template <class T>
ATTN_ALWAYS_INLINE void direct_scores(const Block<T>& b, const arma::Mat<T>& K, T scale) {
    using X = typename Vector32<T>::type;
    const X minus_inf = X{} - std::numeric_limits<T>::infinity();
    const std::size_t L_K = K.n_rows;
    X m = minus_inf, x;
    std::size_t j = 0;
    for (; j + 4 <= L_K; j += 4) key_scores<4>(b, K, scale, j, m);
    if (L_K - j == 3) key_scores<3>(b, K, scale, j, m);  // the last 1 to 3 keys together too
    if (L_K - j == 2) key_scores<2>(b, K, scale, j, m);
    if (L_K - j == 1) key_scores<1>(b, K, scale, j, m);
    m = m == minus_inf ? X{} : m;
    for (j = 0; j < L_K; ++j) {
        load(x, b.E + j * b.ld_e);
        store(b.E + j * b.ld_e, x - m);
    }
}

// pass 2: E = exp(E), n values and the padding after them (room for one
// vector, computed and ignored)
template <class T>
ATTN_ALWAYS_INLINE void direct_exp(T* E, std::size_t n) {
    using V = typename Lanes<T>::type;
    constexpr std::size_t W = sizeof(V) / sizeof(T);
    const V zeros{};
    std::memcpy(E + n, &zeros, sizeof zeros);  // padding: exp(0), harmless
    const ClampLimits<T> limits;
    const ExpOperands<T, V> wide(limits);
    for (std::size_t i = 0; i < n; i += W) {
        V x;
        std::memcpy(&x, E + i, sizeof x);
        exp_one(x, wide);
        std::memcpy(E + i, &x, sizeof x);
    }
}

// Columns c..c+R-1 of the block's output: e_q . v_c (each a sum over keys in
// order) times inv, R sums at once (as in key_scores)
template <std::size_t R, class T, class X>
ATTN_ALWAYS_INLINE void value_columns(const Block<T>& b, const arma::Mat<T>& V, std::size_t c, const X& inv) {
    X z[R], e;
    for (std::size_t r = 0; r < R; ++r) z[r] = X{};
    const T* vc = V.memptr() + c * V.n_rows;  // V(j, c + r) at vc[r * L_K + j]
    const std::size_t L_K = V.n_rows;
    for (std::size_t j = 0; j < L_K; ++j) {
        load(e, b.E + j * b.ld_e);
        for (std::size_t r = 0; r < R; ++r) z[r] += e * vc[r * L_K + j];
    }
    for (std::size_t r = 0; r < R; ++r) store(b.Z + (c + r) * b.ld_z, z[r] * inv);
}

// pass 3 for a block: the sum of each query's weights (keys in order, as
// softmax_rows adds them), then their output rows Z_q = E_q V / sum
template <class T>
ATTN_ALWAYS_INLINE void direct_output(const Block<T>& b, const arma::Mat<T>& V) {
    using X = typename Vector32<T>::type;
    const std::size_t L_K = V.n_rows, d_v = V.n_cols;
    X total = X{}, e;
    for (std::size_t j = 0; j < L_K; ++j) {
        load(e, b.E + j * b.ld_e);
        total += e;
    }
    // a fully masked query outputs zeros; NaN in a query's row stays NaN
    const X inv = total == X{} ? X{} : T(1) / total;
    std::size_t c = 0;
    for (; c + 4 <= d_v; c += 4) value_columns<4>(b, V, c, inv);
    if (d_v - c == 3) value_columns<3>(b, V, c, inv);  // the last 1 to 3 columns together too
    if (d_v - c == 2) value_columns<2>(b, V, c, inv);
    if (d_v - c == 1) value_columns<1>(b, V, c, inv);
}

// The last n < W queries, from q on, copied into zero-padded W-row blocks
// (Q's rows into Qt, the mask's into Mt); their output goes to Zt. Padded
// queries score 0 everywhere: finite, computed and never read.
template <class T>
Block<T> padded_block(const arma::Mat<T>& Q, const arma::Mat<T>* mask, std::size_t q, std::size_t W, T* E,
                      std::size_t ld_e, T* Qt, T* Mt, T* Zt) {
    const std::size_t n = Q.n_rows - q;
    for (std::size_t c = 0; c < Q.n_cols; ++c)
        for (std::size_t l = 0; l < W; ++l) Qt[c * W + l] = l < n ? Q.at(q + l, c) : T(0);
    if (mask)
        for (std::size_t j = 0; j < mask->n_cols; ++j)
            for (std::size_t l = 0; l < W; ++l) Mt[j * W + l] = l < n ? mask->at(q + l, j) : T(0);
    return {Qt, W, mask ? Mt : nullptr, W, E + q, ld_e, Zt, W};
}

template <class T>
ATTN_ALWAYS_INLINE void direct_attention_loops(const arma::Mat<T>& Q, const arma::Mat<T>& K, const arma::Mat<T>& V,
                                               const arma::Mat<T>* mask, T scale, arma::Mat<T>& Z) {
    constexpr std::size_t W = sizeof(typename Vector32<T>::type) / sizeof(T);
    constexpr std::size_t padding = sizeof(typename Lanes<T>::type) / sizeof(T);
    const std::size_t L_Q = Q.n_rows, L_K = K.n_rows, full = L_Q / W * W, ld_e = (L_Q + W - 1) / W * W;
    // one buffer: E (ld_e x L_K, and room for a padded last vector), then the
    // padded copies of the last block (Qt: W x d_k, Mt: W x L_K, Zt: W x d_v)
    const std::size_t n = ld_e * L_K, need = n + padding + W * (Q.n_cols + L_K + V.n_cols);
    alignas(64) T on_stack[kDirectStack];
    std::vector<T> on_heap;
    T* E = on_stack;
    if (need > kDirectStack) {
        on_heap.resize(need);
        E = on_heap.data();
    }
    T *const Qt = E + n + padding, *const Mt = Qt + W * Q.n_cols, *const Zt = Mt + W * L_K;
    Block<T> last{};
    for (std::size_t q = 0; q < full; q += W)
        direct_scores(Block<T>{Q.memptr() + q, L_Q, mask ? mask->memptr() + q : nullptr, L_Q, E + q, ld_e,
                               Z.memptr() + q, L_Q},
                      K, scale);
    if (full < L_Q) {
        last = padded_block(Q, mask, full, W, E, ld_e, Qt, Mt, Zt);
        direct_scores(last, K, scale);
    }
    direct_exp(E, n);
    for (std::size_t q = 0; q < full; q += W)
        direct_output(Block<T>{nullptr, 0, nullptr, 0, E + q, ld_e, Z.memptr() + q, L_Q}, V);
    if (full < L_Q) {
        direct_output(last, V);
        for (std::size_t c = 0; c < V.n_cols; ++c)
            for (std::size_t l = 0; l < L_Q - full; ++l) Z.at(full + l, c) = Zt[c * W + l];
    }
}

ATTN_VECTOR_CLONES void direct_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V,
                                         const arma::mat* mask, double scale, arma::mat& Z) {
    direct_attention_loops(Q, K, V, mask, scale, Z);
}
ATTN_VECTOR_CLONES void direct_attention(const arma::fmat& Q, const arma::fmat& K, const arma::fmat& V,
                                         const arma::fmat* mask, float scale, arma::fmat& Z) {
    direct_attention_loops(Q, K, V, mask, scale, Z);
}

// ---------------------------------------------------------------- the blocked path: its pieces
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

// ---------------------------------------------------------------- the blocked path
// The group's n queries, rows g..g+n-1, through all three passes; S is this
// thread's scratch for their scores, n x L_K.
template <class T>
void blocked_group(const arma::Mat<T>& Q, const arma::Mat<T>& K, const arma::Mat<T>& V, const arma::Mat<T>* mask,
                   T scale, arma::uword g, arma::uword n, T* S, arma::Mat<T>& Z) {
    const arma::uword L_Q = Q.n_rows, L_K = K.n_rows, d_k = K.n_cols, d_v = V.n_cols;
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
// computes.
template <class T>
void blocked_attention(const arma::Mat<T>& Q, const arma::Mat<T>& K, const arma::Mat<T>& V, const arma::Mat<T>* mask,
                       T scale, arma::Mat<T>& Z) {
    keep_freed_memory();
    const arma::uword L_K = K.n_rows, group = group_size(L_K, sizeof(T));
    auto part = [&](std::size_t first, std::size_t last) {
        // this thread's scratch for one group's scores, kept between calls
        // (parallel_for's helpers live as long as the program); it only grows
        thread_local std::vector<T> scratch;
        scratch.resize(std::max<std::size_t>(scratch.size(), L_K * group));
        for (arma::uword g = first; g < last; g += group)
            blocked_group(Q, K, V, mask, scale, g, std::min<arma::uword>(group, last - g), scratch.data(), Z);
    };
    // Cost of one query in parallel_for's units (about 0.5 ns each): its share of
    // the two products (~0.1 ns per multiply-add) and of the exponentials (~2 ns).
    const double per_query =
        static_cast<double>(L_K) * (0.2 * static_cast<double>(K.n_cols + V.n_cols) + 4.0);
    parallel_for(Q.n_rows, per_query, part);
}

// ---------------------------------------------------------------- the kernel
template <class T>
arma::Mat<T> attention_impl(const arma::Mat<T>& Q, const arma::Mat<T>& K, const arma::Mat<T>& V,
                            const arma::Mat<T>* mask, Path path) {
    if (path != Path::automatic && path != Path::direct && path != Path::blocked)
        throw InputError("attention: path must be automatic, direct or blocked; got " +
                         std::to_string(static_cast<int>(path)));
    check_inputs(Q, K, V, mask);
    const T scale = T(1) / std::sqrt(static_cast<T>(K.n_cols));
    // (L_Q, d_v), every entry written by either path; up to 16 entries live
    // inside the object (Armadillo's preallocation): no heap at (3,3,4,4)
    arma::Mat<T> Z(Q.n_rows, V.n_cols, arma::fill::none);
    const bool direct = path == Path::direct ||
                        (path == Path::automatic && takes_direct_path<T>(Q.n_rows, K.n_rows, K.n_cols, V.n_cols));
    if (direct)
        direct_attention(Q, K, V, mask, scale, Z);
    else
        blocked_attention(Q, K, V, mask, scale, Z);
    return Z;
}

}  // namespace

template <class T>
bool takes_direct_path(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v) {
    constexpr arma::uword W = sizeof(typename Vector32<T>::type) / sizeof(T);
    const double scores = static_cast<double>(L_Q) * static_cast<double>(L_K);
    const double vectors = static_cast<double>((L_Q + W - 1) / W);  // per key and width
    return scores <= kDirectScores &&
           vectors * static_cast<double>(L_K) * static_cast<double>(d_k + d_v) <= kDirectVectorWork;
}
template bool takes_direct_path<double>(arma::uword, arma::uword, arma::uword, arma::uword);
template bool takes_direct_path<float>(arma::uword, arma::uword, arma::uword, arma::uword);

arma::mat attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, Path path) {
    return attention_impl<double>(Q, K, V, nullptr, path);
}
arma::fmat attention(const arma::fmat& Q, const arma::fmat& K, const arma::fmat& V, Path path) {
    return attention_impl<float>(Q, K, V, nullptr, path);
}
arma::mat attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask, Path path) {
    return attention_impl<double>(Q, K, V, &mask, path);
}
arma::fmat attention(const arma::fmat& Q, const arma::fmat& K, const arma::fmat& V, const arma::fmat& mask,
                     Path path) {
    return attention_impl<float>(Q, K, V, &mask, path);
}


}  // namespace attn::perf
