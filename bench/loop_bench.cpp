// loop_bench.cpp: benchmark 2, the loop against attention (loop_bench.hpp).
#include "loop_bench.hpp"

#include <cstdio>
#include <functional>
#include <utility>

#include "attn_perf/kernels.hpp"
#include "attn_perf/tuning.hpp"

namespace attn::bench {

std::vector<rnn_loop_lab::Timing> bench_loop(const Options& o) {
    std::vector<int> lengths = rnn_loop_lab::default_lengths();
    if (o.quick) lengths.resize(3);
    const int repeats = o.quick ? 3 : 7;
    // chapter 01's lab takes the clock and the attention pass it times: ours, from attn_perf
    const auto on_1_and_2_threads = [repeats](const std::function<void()>& work) {
        const perf::ThreadTimes t = perf::time_on_1_and_2_threads(work, repeats);
        return std::pair<double, double>(t.one, t.two);
    };
    const auto kernel = [](const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
        return perf::attention(Q, K, V);  // (L, d)
    };
    const auto rows = rnn_loop_lab::time_loop_vs_attention(lengths, 64, on_1_and_2_threads, kernel);  // d = 64, as chapter 01
    std::printf("%6s %12s %12s %12s %12s\n", "L", "loop 1 thr", "loop 2 thr", "attn 1 thr", "attn 2 thr");
    for (const auto& r : rows)
        std::printf("%6d %9.3f ms %9.3f ms %9.3f ms %9.3f ms\n", r.length, 1e3 * r.loop_1, 1e3 * r.loop_2,
                    1e3 * r.attention_1, 1e3 * r.attention_2);
    return rows;
}

}  // namespace attn::bench
