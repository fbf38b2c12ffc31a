// attention_bench.cpp: benchmark 1, attention forward (attention_bench.hpp).
#include "attention_bench.hpp"

#include <cblas.h>
#include <cstdio>
#include <limits>
#include <sstream>
#include <type_traits>

#include "attn_perf/kernels.hpp"
#include "attn_perf/tuning.hpp"
#include "contracts/06_shape_rules.hpp"
#include "format.hpp"
#include "timing.hpp"

namespace attn::bench {

std::string Shape::label() const {
    std::ostringstream s;
    s << "(" << L_Q << "," << L_K << "," << d_k << "," << d_v << ")";
    return s.str();
}

template <class T>
arma::Mat<T> loops_attention(const arma::Mat<T>& Q, const arma::Mat<T>& K, const arma::Mat<T>& V) {
    const arma::uword L_Q = Q.n_rows, L_K = K.n_rows, d_k = K.n_cols, d_v = V.n_cols;
    const T scale = T(1) / std::sqrt(static_cast<T>(d_k));
    arma::Mat<T> Z(L_Q, d_v, arma::fill::zeros);  // (L_Q, d_v)
    std::vector<T> a(L_K);                        // one row of weights
    for (arma::uword i = 0; i < L_Q; ++i) {
        T m = -std::numeric_limits<T>::infinity();
        for (arma::uword j = 0; j < L_K; ++j) {
            T s = 0;
            for (arma::uword c = 0; c < d_k; ++c) s += Q.at(i, c) * K.at(j, c);
            a[j] = s * scale;
            m = std::max(m, a[j]);
        }
        T total = 0;
        for (arma::uword j = 0; j < L_K; ++j) total += (a[j] = std::exp(a[j] - m));
        for (arma::uword j = 0; j < L_K; ++j)
            for (arma::uword c = 0; c < d_v; ++c) Z.at(i, c) += a[j] / total * V.at(j, c);
    }
    return Z;
}
template arma::mat loops_attention(const arma::mat&, const arma::mat&, const arma::mat&);
template arma::fmat loops_attention(const arma::fmat&, const arma::fmat&, const arma::fmat&);

namespace {

// C's rows first..first+n-1 = X's rows first..first+n-1 times Y (or Y^T), by
// one BLAS call on the rows where they lie (the leading dimension is the
// matrix's own length): no copy, as the kernel does it.
template <class T>
void product_of_rows(const arma::Mat<T>& X, const arma::Mat<T>& Y, bool transpose_Y, arma::Mat<T>& C,
                     arma::uword first, arma::uword n) {
    const int m = static_cast<int>(n), k = static_cast<int>(X.n_cols);
    const int cols = static_cast<int>(transpose_Y ? Y.n_rows : Y.n_cols);
    const auto op = transpose_Y ? CblasTrans : CblasNoTrans;
    const int ld_x = static_cast<int>(X.n_rows), ld_y = static_cast<int>(Y.n_rows), ld_c = static_cast<int>(C.n_rows);
    if constexpr (std::is_same_v<T, double>)
        cblas_dgemm(CblasColMajor, CblasNoTrans, op, m, cols, k, 1.0, X.memptr() + first, ld_x, Y.memptr(), ld_y, 0.0,
                    C.memptr() + first, ld_c);
    else
        cblas_sgemm(CblasColMajor, CblasNoTrans, op, m, cols, k, 1.0f, X.memptr() + first, ld_x, Y.memptr(), ld_y,
                    0.0f, C.memptr() + first, ld_c);
}

// The inputs of one shape and what the timed calls write into.
template <class T>
struct Inputs {
    arma::Mat<T> Q, K, V, A, S, Z, sink;
    explicit Inputs(const Shape& sh) {
        arma::arma_rng::set_seed(7);
        Q = arma::randn<arma::Mat<T>>(sh.L_Q, sh.d_k);
        K = arma::randn<arma::Mat<T>>(sh.L_K, sh.d_k);
        V = arma::randn<arma::Mat<T>>(sh.L_K, sh.d_v);
        A = arma::randu<arma::Mat<T>>(sh.L_Q, sh.L_K);  // stands in for the weights in A V
        S.set_size(sh.L_Q, sh.L_K);
        Z.set_size(sh.L_Q, sh.d_v);
    }
};

// Where each item of a shape's rounds is: per thread count, the two products,
// the kernel and (double only) the reference; then the loops, if in the rounds.
struct Items {
    std::vector<Timed> timed;
    std::size_t products[2], kernel[2], reference[2] = {0, 0}, loops = 0;
    bool has_reference = false, loops_in_rounds = false;
};

// The baseline, the two products into matrices allocated once. On 2 threads it
// is threaded as the kernel is: the query rows in pieces over
// perf::parallel_for, each piece its rows of both products through
// single-threaded BLAS (with the kernel's cost estimate per query, so that
// both go parallel at the same sizes). On OpenBLAS's own threads the two
// would compare two kinds of threading, and under load the products took up
// to 5x their 1-thread time, waiting for OpenBLAS's helper.
template <class T>
std::function<void()> two_products(Inputs<T>& in, const Shape& sh, int threads) {
    if (threads == 1)
        return [&in] {
            in.S = in.Q * in.K.t();  // (L_Q, L_K)
            in.Z = in.A * in.V;      // (L_Q, d_v)
        };
    const double per_query = static_cast<double>(sh.L_K) * (0.2 * static_cast<double>(sh.d_k + sh.d_v) + 4.0);
    return [&in, per_query] {
        perf::parallel_for(in.Q.n_rows, per_query, [&](std::size_t first, std::size_t last) {
            product_of_rows(in.Q, in.K, true, in.S, first, last - first);   // rows of (L_Q, L_K)
            product_of_rows(in.A, in.V, false, in.Z, first, last - first);  // rows of (L_Q, d_v)
        });
    };
}

// Both thread counts in the same rounds: the 2-thread figures are compared
// with 1-thread figures taken moments apart, not minutes. The plain loops are
// in the rounds too where they are fast (below about a millisecond), so that
// the kernel's claim against them at small shapes is measured alike.
template <class T>
Items attention_items(Inputs<T>& in, const Shape& sh, bool loops) {
    Items it;
    it.has_reference = std::is_same_v<T, double>;  // the teaching API is double only
    for (const int threads : {1, 2}) {
        const auto setup = [threads] { perf::set_threads(threads); };
        const int t = threads - 1;
        it.products[t] = it.timed.size();
        it.timed.push_back({setup, two_products(in, sh, threads)});
        it.kernel[t] = it.timed.size();
        it.timed.push_back({setup, [&in] { in.sink = perf::attention(in.Q, in.K, in.V); }});
        if constexpr (std::is_same_v<T, double>) {
            it.reference[t] = it.timed.size();
            it.timed.push_back({setup, [&in] { in.sink = scaled_dot_product_attention(in.Q, in.K, in.V).output; }});
        }
    }
    const double work = static_cast<double>(sh.L_Q * sh.L_K * (sh.d_k + sh.d_v));
    it.loops_in_rounds = loops && work <= 1e6;  // about 1 ns per multiply-add
    if (it.loops_in_rounds) {
        it.loops = it.timed.size();
        it.timed.push_back({[] { perf::set_threads(1); }, [&in] { in.sink = loops_attention(in.Q, in.K, in.V); }});
    }
    return it;
}

template <class T>
std::vector<AttentionRow> time_attention(const Shape& sh, double budget, bool loops) {
    Inputs<T> in(sh);
    const Items it = attention_items(in, sh, loops);
    const Medians t = time_in_rounds(it.timed, budget);
    std::vector<AttentionRow> rows;
    for (const int threads : {1, 2}) {
        const int k = threads - 1;
        AttentionRow row;
        row.type = std::is_same_v<T, double> ? "double" : "float";
        row.shape = sh;
        row.threads = threads;
        row.products = t.wall[it.products[k]];
        row.kernel = t.wall[it.kernel[k]];
        if (it.has_reference) row.reference = t.wall[it.reference[k]];
        if (it.loops_in_rounds) row.loops = t.wall[it.loops];
        if (threads == 1) {
            row.products_cpu = t.cpu[it.products[k]];
            row.kernel_cpu = t.cpu[it.kernel[k]];
            row.kernel_others_cpu = t.others_cpu[it.kernel[k]];
        } else {
            row.kernel_vs_one = paired_ratio(t, it.kernel[k], it.kernel[0]);
        }
        rows.push_back(row);
    }
    // Slow loops are single-threaded code: timed once, the same figure in both rows.
    if (loops && !it.loops_in_rounds) {
        perf::set_threads(1);
        rows[0].loops = rows[1].loops = time_slow([&] { in.sink = loops_attention(in.Q, in.K, in.V); }, budget / 2);
    }
    perf::set_threads(1);
    return rows;
}

void print_row(const AttentionRow& r) {
    const auto us = [](double s) { return right(duration(s), 11); };
    const auto x = [&](double s) { return right(times(s / r.products), 7); };
    std::printf("%-6s %-18s %3d %s %s %s %s %s %s %s\n", r.type.c_str(), r.shape.label().c_str(), r.threads,
                us(r.products).c_str(), us(r.kernel).c_str(), x(r.kernel).c_str(), us(r.reference).c_str(),
                x(r.reference).c_str(), us(r.loops).c_str(), x(r.loops).c_str());
}

}  // namespace

std::vector<AttentionRow> bench_attention(const Options& o) {
    std::vector<Shape> shapes = {kWorkedExample, {7, 12, 64, 64}, {64, 64, 64, 64}, {512, 512, 64, 64},
                                 {2048, 2048, 64, 64}};
    if (o.quick) shapes.resize(3);
    if (!o.shapes.empty()) {
        shapes.clear();
        for (const auto& v : o.shapes) shapes.push_back({v[0], v[1], v[2], v[3]});
    }
    const double budget = o.quick ? 0.1 : 0.8;  // seconds of rounds per shape (both thread counts)
    std::printf("%-6s %-18s %3s %11s %11s %7s %11s %7s %11s %7s\n", "type", "(L_Q,L_K,d_k,d_v)", "thr",
                "products", "kernel", "x", "reference", "x", "loops", "x");
    std::vector<AttentionRow> rows;
    for (const bool is_double : {true, false})
        for (const Shape& sh : shapes) {
            const auto pair = is_double ? time_attention<double>(sh, budget, o.loops)
                                        : time_attention<float>(sh, budget, o.loops);
            for (const AttentionRow& r : pair) {
                print_row(r);
                rows.push_back(r);
            }
            std::fflush(stdout);
        }
    return rows;
}

const AttentionRow* find_row(const std::vector<AttentionRow>& rows, const std::string& type, const Shape& shape,
                             int threads) {
    for (const auto& r : rows)
        if (r.type == type && r.shape == shape && r.threads == threads) return &r;
    return nullptr;
}

}  // namespace attn::bench
