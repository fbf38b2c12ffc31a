// report.cpp: the legend, the screen's summary lines and the Markdown report (report.hpp).
#include "report.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <thread>

#include "format.hpp"
#include "machine.hpp"

namespace attn::bench {

std::vector<std::pair<std::string, std::string>> legend() {
    return {
        {"kernel", "attn::perf::attention (perf/), the course's fast version of softmax(Q K^T / sqrt(d_k)) V: "
                   "BLAS products, a vectorised softmax, threads; at small shapes a direct path of plain loops "
                   "instead (section 4)."},
        {"reference", "attn::scaled_dot_product_attention, the teaching version you write in chapter 06 "
                      "(whole-matrix Armadillo; double only)."},
        {"loops", "the same formula as plain loops, as on paper: one thread, no BLAS."},
        {"products", "the two matrix products attention cannot avoid, Q K^T and A V, alone, into matrices "
                     "allocated once: the baseline."},
        {"x", "a time divided by the time of the two products at the same shape, type and thread count, "
              "measured in the same run: the rounds take one sample of each in turn, so a slow moment of the "
              "machine falls on all of them alike. 1.30x is 30% longer than the two products. Compare ratios, "
              "not times, between runs."},
        {"below 1", "faster than the two products alone. They are two calls over whole matrices; the kernel "
                    "works on groups of queries whose scores stay in cache (and at small shapes skips the "
                    "calls' fixed costs), so it can beat them."},
        {"thr", "the threads given to the kernel and the products (the reference uses OpenBLAS's own; the "
                "loops always one)."},
        {"load average", "the machine's 1-minute load average (/proc/loadavg) at the start and the end: how "
                         "many threads on average wanted a core. Above the number of hardware threads, other "
                         "programs took turns with this run: its times are longer and scattered, its ratios "
                         "hold better, and CPU-time figures (which stop while another program has the core) "
                         "better still."},
    };
}

void print_legend(std::size_t width) {
    std::printf("How to read the tables:\n");
    for (const auto& [term, meaning] : legend()) {
        std::string line = "  " + term + ":";
        std::istringstream words(meaning);
        for (std::string w; words >> w;) {
            if (line.size() + 1 + w.size() > width) {
                std::printf("%s\n", line.c_str());
                line = "    ";
            } else {
                line += ' ';
            }
            line += w;
        }
        std::printf("%s\n", line.c_str());
    }
}

std::string worked_example_line(const std::vector<AttentionRow>& rows) {
    const AttentionRow* r = find_row(rows, "double", kWorkedExample, 1);
    if (!r) return "";
    const auto part = [r](const char* name, double s) {
        return std::string(name) + " " + duration(s) + " (" + times(s / r->products) + ")";
    };
    return "The worked example's size " + kWorkedExample.label() + ", double, 1 thread: " +
           part("kernel", r->kernel) + ", " + part("reference", r->reference) + ", " + part("loops", r->loops) +
           "; the two products " + duration(r->products) + ".";
}

namespace {

std::string header(const Options& o) {
    std::ostringstream md;
    md << "# Benchmark results\n\n"
       << "Written by the bench program (`bench/`, `" << o.command << "`) into the build tree\n"
       << "(`build/bench/RESULTS.md`); the next run replaces it. `bench/RESULTS.md` in git is one such run,\n"
       << "kept as an example and replaced only on purpose (`./course bench --save-example`).\n"
       << "Times are medians of repeated runs.\n\n"
       << "## How to read these tables\n\n";
    for (const auto& [term, meaning] : legend()) md << "- **" << term << "**: " << meaning << "\n";
    return md.str();
}

std::string machine_table(const Options& o) {
    const unsigned cores = std::thread::hardware_concurrency();
    const std::string not_measured = "not measured (run `./course bench --build-times`)";
    std::ostringstream md;
    md << "\n| | |\n|---|---|\n"
       << "| machine | " << cpu_model() << ", " << cores << " hardware threads |\n"
       << "| BLAS | " << blas_name() << " |\n"
       << "| Armadillo | " << arma::arma_version::as_string() << " |\n"
       << "| compiler | g++ " << __VERSION__ << ", Release build, no relaxed floating-point flags |\n"
       << "| date | " << utc_now() << " |\n"
       << "| load average | " << o.load_at_start << " when the run started, " << load_average()
       << " when it ended (on " << cores << " hardware threads) |\n"
       << "| command | `" << o.command << "`" << (o.quick ? " (--quick: a smoke run, fewer shapes)" : "") << " |\n"
       << "| clean build | "
       << (o.build_seconds < 0 ? not_measured
                               : minutes(o.build_seconds) + " (configure and build everything, incl. check programs)")
       << " |\n"
       << "| test suite | "
       << (o.test_seconds < 0 ? not_measured
                              : minutes(o.test_seconds) + " (ctest, all tests" +
                                    (o.test_note.empty() ? "" : "; " + o.test_note) + ")")
       << " |\n";
    return md.str();
}

std::string attention_section(const std::vector<AttentionRow>& rows) {
    std::ostringstream md;
    md << "\n## 1. Attention forward\n\n"
       << "`x (CPU)`: the kernel's ratio in the thread's CPU time (1-thread rows). `2 thr / 1 thr`: the\n"
       << "kernel's 2-thread time over its 1-thread time, round by round (below 1, the second thread\n"
       << "helped; with both cores busy elsewhere it cannot). On 2 threads the two products are split\n"
       << "over the query rows as the kernel splits its work, so both sides of a 2-thread `x` are\n"
       << "threaded alike. `n/a`: not measured (the reference exists in double only; `--no-loops`).\n\n"
       << "| type | (L_Q,L_K,d_k,d_v) | threads | products | kernel | x | x (CPU) | 2 thr / 1 thr "
       << "| reference | x | loops | x |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n";
    double others = 0;  // the largest share of a 1-thread kernel call other threads of ours were busy
    for (const auto& r : rows) {
        const bool one = r.threads == 1;
        md << "| " << r.type << " | " << r.shape.label() << " | " << r.threads << " | " << duration(r.products)
           << " | " << duration(r.kernel) << " | " << fixed(r.kernel / r.products, 2) << " | "
           << (one ? fixed(r.kernel_cpu / r.products_cpu, 2) : "") << " | "
           << (one ? "" : fixed(r.kernel_vs_one, 2)) << " | " << duration(r.reference) << " | "
           << fixed(r.reference / r.products, 2) << " | " << duration(r.loops) << " | "
           << fixed(r.loops / r.products, r.loops / r.products < 10 ? 2 : 1) << " |\n";
        if (one) others = std::max(others, r.kernel_others_cpu / r.kernel);
    }
    const std::string example = worked_example_line(rows);
    if (!example.empty()) md << "\n" << example << "\n";
    md << "\nDuring the 1-thread kernel calls, other threads of this process were busy for at most "
       << fixed(100 * others, 1) << "% of the call\n(it should be 0: nothing of ours or of OpenBLAS's may share "
       << "a 1-thread run's core).\n";
    return md.str();
}

std::string loop_section(const std::vector<rnn_loop_lab::Timing>& rows) {
    std::ostringstream md;
    md << "\n## 2. The recurrent loop against one attention pass (d = 64)\n\n"
       << "Figure: `plots/bench_rnn_vs_attention.png` (chapter 01's figure, measured here; attention is\n"
       << "the kernel).\n\n"
       << "| L | loop, 1 thread | loop, 2 threads | attention, 1 thread | attention, 2 threads |\n"
       << "|---|---|---|---|---|\n";
    for (const auto& r : rows)
        md << "| " << r.length << " | " << duration(r.loop_1) << " | " << duration(r.loop_2) << " | "
           << duration(r.attention_1) << " | " << duration(r.attention_2) << " |\n";
    return md.str();
}

std::string training_section(const TrainingResult& t, const TargetResult* to_target) {
    std::ostringstream md;
    md << "\n## 3. Training (chapter 12, reversal configuration)\n\n"
       << "Steps per second of forward, backward and one Adam step, as chapter 12 trains (the median of\n"
       << "blocks of 40 steps, the two thread counts in turns). The model itself is single-threaded; on 2\n"
       << "threads only OpenBLAS gets a second one for the model's small products.\n\n"
       << "| threads | steps per second |\n|---|---|\n"
       << "| 1 (as chapter 12 trains) | " << fixed(t.steps_per_second_1, 0) << " (in CPU time: "
       << fixed(t.cpu_steps_per_second_1, 0) << ") |\n"
       << "| 2 (OpenBLAS on 2 threads) | " << fixed(t.steps_per_second_2, 0) << " |\n";
    if (to_target)
        md << "\nTo 99% exact match on the validation check (every 50 steps, its time included; chapter 12\n"
           << "itself goes on to 99.5%), median of seeds 1 to " << to_target->seeds
           << " (the model's and the batch order's), 1 thread: " << duration(to_target->seconds)
           << " (runs: " << to_target->runs << ").\n";
    return md.str();
}

std::string paths_section(const std::vector<PathRow>& rows) {
    std::ostringstream md;
    md << "\n## 4. The kernel's two paths at small shapes (1 thread)\n\n"
       << "`direct` and `blocked` are the kernel forced onto each of its paths (`perf::Path`), timed in\n"
       << "the same rounds; `direct/blocked` is their ratio round by round (below 1, the direct path\n"
       << "is faster). `work` is L_Q L_K (d_k + d_v), the multiply-adds of the two products;\n"
       << "`automatic` is the path the kernel takes by itself there (`perf::takes_direct_path`).\n\n"
       << "| type | (L_Q,L_K,d_k,d_v) | work | direct | blocked | direct/blocked | automatic |\n"
       << "|---|---|---|---|---|---|---|\n";
    for (const auto& r : rows)
        md << "| " << r.type << " | " << r.shape.label() << " | " << fixed(r.work, 0) << " | "
           << duration(r.direct) << " | " << duration(r.blocked) << " | " << fixed(r.direct_vs_blocked, 2)
           << " | " << (r.automatic_direct ? "direct" : "blocked") << " |\n";
    md << "\nThe direct path was faster at every work up to " << fixed(crossover_work(rows, "double"), 0)
       << " in double and " << fixed(crossover_work(rows, "float"), 0) << " in float (this run).\n";
    return md.str();
}

}  // namespace

std::string report(const Options& o, const Results& r) {
    std::string md = header(o) + machine_table(o) + attention_section(r.attention) + loop_section(r.loop) +
                     training_section(r.training, r.to_target);
    if (!r.paths.empty()) md += paths_section(r.paths);
    return md;
}

}  // namespace attn::bench
