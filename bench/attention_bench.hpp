// attention_bench.hpp: benchmark 1, attention forward. At each shape, in double
// and float, on 1 and 2 threads: the kernel (attn::perf::attention), the
// teaching reference (scaled_dot_product_attention, double only), plain loops
// and the two matrix products alone, all in the same rounds.
//
// Dimension legend: L_Q = query positions, L_K = key positions,
//   d_k = query/key width, d_v = value width.
#pragma once

#include <armadillo>
#include <cmath>
#include <string>
#include <vector>

#include "options.hpp"

namespace attn::bench {

struct Shape {
    arma::uword L_Q, L_K, d_k, d_v;
    std::string label() const;  // "(3,3,4,4)"
    bool operator==(const Shape& o) const {
        return L_Q == o.L_Q && L_K == o.L_K && d_k == o.d_k && d_v == o.d_v;
    }
};

// The worked example's size: the row the report quotes on its own.
inline const Shape kWorkedExample = {3, 3, 4, 4};

// One row of the table: one type, shape and thread count. Seconds per call,
// medians over rounds; NaN where not measured.
struct AttentionRow {
    std::string type;  // "double" or "float"
    Shape shape;
    int threads = 1;
    double products = 0, kernel = 0, reference = NAN, loops = NAN;
    double products_cpu = NAN, kernel_cpu = NAN;  // thread CPU seconds, 1-thread rows only
    double kernel_others_cpu = NAN;  // 1-thread rows: CPU seconds of the process's other threads per kernel call
    double kernel_vs_one = NAN;      // 2-thread rows: kernel time / 1-thread kernel time, paired by round
};

// Times every shape (the usual five, three with --quick, or those of --shape),
// double first, and prints the table on the screen as it goes.
std::vector<AttentionRow> bench_attention(const Options& o);

// The row of this type, shape and thread count, or nullptr.
const AttentionRow* find_row(const std::vector<AttentionRow>& rows, const std::string& type, const Shape& shape,
                             int threads);

// softmax(Q K^T / sqrt(d_k)) V the way it reads on paper: three loops for the
// scores, one row at a time for the softmax, three loops for the product.
// Shapes: Q L_Q x d_k, K L_K x d_k, V L_K x d_v -> L_Q x d_v.
template <class T>
arma::Mat<T> loops_attention(const arma::Mat<T>& Q, const arma::Mat<T>& K, const arma::Mat<T>& V);

}  // namespace attn::bench
