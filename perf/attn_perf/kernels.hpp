// kernels.hpp: the fast attention kernel, for measurements (part of attn_perf, perf/).
//
// Not an exercise: chapter 01 times it against the recurrent loop, and the
// benchmark (bench/, `./course bench`) compares it with its two matrix
// products. The teaching version a learner writes is scaled_dot_product_attention
// (chapter 06); this one computes the same output, only faster, and is checked
// against it (tests/kernels_test.cpp).
//
// Rows are tokens, columns are features.
//   L_Q = query positions, L_K = key positions, d_k = query/key width, d_v = value width
#pragma once

#include <armadillo>
#include <cstddef>

namespace attn::perf {

// The two ways the kernel computes the same output. `blocked`: groups of
// queries through two BLAS products and a vectorised softmax, spread over
// threads (see "The attention kernel" in docs/ARCHITECTURE.md). `direct`: plain
// loops on the calling thread over the whole score matrix on the stack, for
// small shapes, where the blocked path's fixed costs outweigh the arithmetic.
// `automatic` (the default) takes the direct path where takes_direct_path says
// so. Both give the same results up to the rounding of the products' sums:
// masked keys get exactly 0 either way, a fully masked query a row of zeros, a
// NaN spoils its own query's row only. The tests and the benchmark name a path
// to compare the two on the same inputs.
enum class Path { automatic, direct, blocked };

// softmax(Q K^T / sqrt(d_k)) V, numerically stable (each row's maximum is
// subtracted before exp), in double or in float.
// Shapes:  Q L_Q x d_k, K L_K x d_k, V L_K x d_v -> L_Q x d_v.
// Throws:  ShapeError when d_q != d_k or L_K != L_V; InputError when K is empty
//          or `path` is none of the three.
// Threads: the blocked path uses thread_count() threads (see set_threads) when
//          the work is large enough to pay for them; the result does not
//          depend on the count beyond rounding.
// Memory:  on glibc, the first blocked call asks malloc to keep freed memory
//          for reuse (keep_freed_memory() in tuning.hpp).
arma::mat attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, Path path = Path::automatic);
arma::fmat attention(const arma::fmat& Q, const arma::fmat& K, const arma::fmat& V, Path path = Path::automatic);

// The same with an additive mask: softmax(Q K^T / sqrt(d_k) + mask) V.
// -infinity in the mask gives that key a weight of exactly 0; a query whose
// whole row is -infinity gets an output row of zeros (masked_attention's rule).
// Shapes:  as above, and mask L_Q x L_K.
// Throws:  as above; ShapeError for a mask that is not L_Q x L_K; InputError
//          for NaN or +infinity in the mask.
arma::mat attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask,
                    Path path = Path::automatic);
arma::fmat attention(const arma::fmat& Q, const arma::fmat& K, const arma::fmat& V, const arma::fmat& mask,
                     Path path = Path::automatic);

// Whether Path::automatic takes the direct path at this shape, for T = double
// or float (masked or not): at most 1024 scores (L_Q L_K), and at most 4096
// multiply-adds in the two products in double, 8192 in float, with L_Q rounded
// up to a multiple of 4 (double) or 8 (float), the queries the direct path's
// vectors hold: where the benchmark's section 4 measured it faster (see
// kDirectVectorWork in kernels.cpp).
template <class T>
bool takes_direct_path(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v);
extern template bool takes_direct_path<double>(arma::uword, arma::uword, arma::uword, arma::uword);
extern template bool takes_direct_path<float>(arma::uword, arma::uword, arma::uword, arma::uword);

// The exponential the kernel uses, on n values in place: x[i] = exp(x[i]).
// Branch-free (a range reduction x = n ln 2 + r, a polynomial for exp(r), and
// 2^n written into the exponent bits), so that the compiler can vectorise the
// loop without relaxing the floating-point rules: exp(-inf) is exactly 0,
// exp(+inf) is +inf, NaN stays NaN, exp(0) is exactly 1. Results below 3.2e-308
// (double) or 1.7e-38 (float), the subnormal range, are returned as 0.
// Elsewhere within a few units in the last place of std::exp.
void exp_in_place(double* x, std::size_t n);
void exp_in_place(float* x, std::size_t n);

}  // namespace attn::perf
