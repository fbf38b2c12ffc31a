// paths_bench.cpp: benchmark 4, the kernel's two paths (paths_bench.hpp).
#include "paths_bench.hpp"

#include <algorithm>
#include <cstdio>
#include <type_traits>

#include "attn_perf/kernels.hpp"
#include "attn_perf/tuning.hpp"
#include "format.hpp"
#include "timing.hpp"

namespace attn::bench {

namespace {

template <class T>
PathRow time_paths(const Shape& sh, double budget) {
    arma::arma_rng::set_seed(7);
    const arma::Mat<T> Q = arma::randn<arma::Mat<T>>(sh.L_Q, sh.d_k);
    const arma::Mat<T> K = arma::randn<arma::Mat<T>>(sh.L_K, sh.d_k);
    const arma::Mat<T> V = arma::randn<arma::Mat<T>>(sh.L_K, sh.d_v);
    arma::Mat<T> sink;
    perf::set_threads(1);
    const auto nothing = [] {};
    const Medians t = time_in_rounds({{nothing, [&] { sink = perf::attention(Q, K, V, perf::Path::direct); }},
                                      {nothing, [&] { sink = perf::attention(Q, K, V, perf::Path::blocked); }}},
                                     budget);
    PathRow r;
    r.type = std::is_same_v<T, double> ? "double" : "float";
    r.shape = sh;
    r.work = static_cast<double>(sh.L_Q * sh.L_K * (sh.d_k + sh.d_v));
    r.direct = t.wall[0];
    r.blocked = t.wall[1];
    r.direct_vs_blocked = paired_ratio(t, 0, 1);
    r.automatic_direct = perf::takes_direct_path<T>(sh.L_Q, sh.L_K, sh.d_k, sh.d_v);
    return r;
}

}  // namespace

std::vector<PathRow> bench_paths(const Options& o) {
    std::vector<arma::uword> lengths = {2, 3, 4, 6, 8, 12, 16, 24, 32}, widths = {4, 16, 64};
    if (o.quick) lengths = {3, 8, 24}, widths = {4, 64};
    std::vector<Shape> shapes;
    for (const arma::uword d : widths)
        for (const arma::uword L : lengths) shapes.push_back({L, L, d, d});
    if (!o.quick) shapes.insert(shapes.end(), {{7, 12, 64, 64}, {1, 64, 64, 64}, {64, 64, 64, 64}});  // section 1's, and one query
    const double budget = o.quick ? 0.02 : 0.1;  // seconds of rounds per shape and type
    std::printf("%-6s %-18s %8s %11s %11s %15s %10s\n", "type", "(L_Q,L_K,d_k,d_v)", "work", "direct", "blocked",
                "direct/blocked", "automatic");
    std::vector<PathRow> rows;
    for (const bool is_double : {true, false})
        for (const Shape& sh : shapes) {
            const PathRow r = is_double ? time_paths<double>(sh, budget) : time_paths<float>(sh, budget);
            std::printf("%-6s %-18s %8.0f %s %s %15s %10s\n", r.type.c_str(), sh.label().c_str(), r.work,
                        right(duration(r.direct), 11).c_str(), right(duration(r.blocked), 11).c_str(),
                        times(r.direct_vs_blocked).c_str(), r.automatic_direct ? "direct" : "blocked");
            rows.push_back(r);
        }
    std::fflush(stdout);
    return rows;
}

double crossover_work(const std::vector<PathRow>& rows, const std::string& type) {
    // by work, smallest first: the direct path's lead holds up to the first shape it loses
    std::vector<const PathRow*> mine;
    for (const auto& r : rows)
        if (r.type == type) mine.push_back(&r);
    std::sort(mine.begin(), mine.end(), [](const PathRow* a, const PathRow* b) { return a->work < b->work; });
    double last = 0;
    for (const PathRow* r : mine) {
        if (r->direct_vs_blocked >= 1) break;
        last = r->work;
    }
    return last;
}

}  // namespace attn::bench
