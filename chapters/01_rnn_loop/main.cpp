// Chapter 01: the recurrent loop, and why it cannot be spread over cores.
//
// Dimension legend: L = sequence length, d_in = input width, d_h = hidden width.
// Run:  ./course run 01          (reference)      ./course run 01 --mine   (your exercises)
#include <algorithm>
#include <cstdio>
#include <functional>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "contracts/06_shape_rules.hpp"
#include "core/chapter.hpp"
#include "core/print.hpp"
#include "contracts/01_rnn_loop.hpp"
#include "labs/rnn_loop_lab.hpp"
#include "attn_perf/kernels.hpp"
#include "attn_perf/tuning.hpp"

using namespace attn;

namespace {

constexpr int kTimingWidth = 64;      // d_in = d_h for the timing runs (a small real layer)
constexpr int kTimingRepeats = 5;     // median of 5 runs per cell: these machines are noisy
constexpr int kQuestionLength = 50;   // the tutorial's 50-word training sentence

void step_loop(const rnn_loop_lab::Example& e) {
    print_step(std::cout, 1, "The loop, one position at a time");
    print_matrix(std::cout, "X, the sentence", e.X, {2, e.tokens, {}});
    const arma::mat H = rnn_forward(e.X, e.W, e.U, e.h_start);  // (L, d_h)
    std::printf("%-11s = %s\n", "h_start", format_row(e.h_start, 4).c_str());
    for (arma::uword t = 0; t < H.n_rows; ++t) {
        const std::string waited = t == 0 ? "h_start" : "h_" + std::to_string(t - 1);
        const std::string name = "h_" + std::to_string(t) + " (" + e.tokens[t] + ")";
        std::printf("%-11s = %s   waited for %s\n", name.c_str(), format_row(H.row(t), 4).c_str(), waited.c_str());
    }
}

void step_parallel_part(const rnn_loop_lab::Example& e) {
    print_step(std::cout, 2, "The part that parallelises: all U x_t in one product");
    const arma::mat P = input_projections(e.X, e.U);  // (L, d_h)
    print_matrix(std::cout, "X U^T (row t is U x_t)", P, {4, e.tokens, {}});
    // The same numbers, one position at a time, to show nothing was lost.
    double worst = 0;
    for (arma::uword t = 0; t < e.X.n_rows; ++t)
        worst = std::max(worst, arma::abs(P.row(t) - e.X.row(t) * e.U.t()).max());
    std::cout << "largest difference from computing U x_t one by one: " << format_number(worst, 4) << "\n";
    std::cout << "What cannot be batched: W h_{t-1}. Its input is the output of the step before.\n";
    // Which model does more arithmetic is a question of sizes, not a rule.
    std::cout << "multiply-adds of the part that mixes positions (loop: W h_{t-1}; attention: Q K^T and A V):\n";
    std::printf("%8s %6s %16s %16s\n", "L", "d", "loop L d^2", "attention 2L^2 d");
    for (const auto& [L, d] : {std::pair{3LL, 3LL}, {50LL, 512LL}, {1000LL, 64LL}}) {
        const rnn_loop_lab::MixingCost c = rnn_loop_lab::mixing_cost(L, d);
        std::printf("%8lld %6lld %16lld %16lld\n", L, d, c.loop_chain, c.attention);
    }
    std::cout << "Attention does more of it only when 2L > d; what it gains is that none of it waits.\n";
}

// The timing step is the one place chapter 01 uses attn_perf (perf/): its fused
// attention kernel and its thread settings, so that each model runs as fast as
// it can and the table compares how their times grow.
std::pair<double, double> on_1_and_2_threads(const std::function<void()>& work) {
    const perf::ThreadTimes t = perf::time_on_1_and_2_threads(work, kTimingRepeats);
    return {t.one, t.two};
}
arma::mat fast_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    return perf::attention(Q, K, V);  // (L_Q, d_v)
}

// Returns what a second thread did in this run, in words ("" when not measured).
std::string step_timing(const ChapterOptions& o, plot::Plotter& plotter) {
    print_step(std::cout, 3, "Time against sequence length, on 1 and 2 threads");
    if (o.quick) {
        std::cout << "(skipped with --quick)\n";
        return "";
    }
    const auto rows =
        rnn_loop_lab::time_loop_vs_attention(rnn_loop_lab::default_lengths(), kTimingWidth, on_1_and_2_threads, fast_attention);
    std::printf("%6s  %12s %12s %8s  %12s %12s %8s\n", "L", "loop 1 thr", "loop 2 thr", "speedup", "attn 1 thr",
                "attn 2 thr", "speedup");
    for (const auto& r : rows)
        std::printf("%6d  %9.3f ms %9.3f ms %7.2fx  %9.3f ms %9.3f ms %7.2fx\n", r.length, 1e3 * r.loop_1,
                    1e3 * r.loop_2, r.loop_1 / r.loop_2, 1e3 * r.attention_1, 1e3 * r.attention_2,
                    r.attention_1 / r.attention_2);
    std::cout << "(d = " << kTimingWidth << ", median of " << kTimingRepeats
              << " runs; your numbers will differ, the ratios are what to read)\n";
    // What was measured, said as it is: a second thread that did not help is reported as such.
    const rnn_loop_lab::SecondThreadReport t = rnn_loop_lab::second_thread(rows);
    std::cout << "what a second thread did in this run (speed-up = time on 1 thread / time on 2; 1.00x = no help):\n"
              << "  loop       " << rnn_loop_lab::describe(t.loop) << "\n"
              << "  attention  " << rnn_loop_lab::describe(t.attention) << "\n";
    if (!t.attention.helped())
        std::cout << "(no steady gain for attention here: the other core was probably busy; README.md, step 3, "
                     "says how to read this)\n";
    plotter.save("01_time_vs_length", rnn_loop_lab::timing_figure(rows));
    return "loop " + rnn_loop_lab::summarise(t.loop) + ", attention " + rnn_loop_lab::summarise(t.attention);
}

void step_path_length(plot::Plotter& plotter) {
    print_step(std::cout, 4, "Path length between positions");
    std::printf("%-12s %14s %16s\n", "from -> to", "loop (steps)", "attention (steps)");
    const auto steps = [](int n) { return n == kNeverReaches ? std::string("never") : std::to_string(n); };
    for (const auto& [i, j] : {std::pair{0, 1}, {0, 2}, {0, 10}, {0, 49}, {49, 0}})
        std::printf("%2d -> %-6d %14s %16s\n", i, j, steps(rnn_path_length(i, j)).c_str(),
                    steps(attention_path_length(i, j)).c_str());
    std::cout << "positions of a " << kQuestionLength << "-word sentence worked on at once: loop "
              << rnn_positions_at_once(kQuestionLength) << ", attention "
              << attention_positions_at_once(kQuestionLength) << "\n";
    plotter.save("01_path_length", rnn_loop_lab::path_length_figure(kQuestionLength));
}

void step_attention_on_top(const rnn_loop_lab::Example& e, plot::Plotter& plotter) {
    print_step(std::cout, 5, "How attention was used before: on top of the loop");
    const arma::mat H = rnn_forward(e.X, e.W, e.U, e.h_start);  // (L, d_h), one state after another
    // A preview of chapter 06's primitive (its reference version, even with --mine):
    // each state asks as a query and every state answers as a key and a value.
    const arma::mat A = scaled_dot_product_attention(H, H, H).weights;  // (L, L)
    print_matrix(std::cout, "weights of h_t over the states, softmax(H H^T / sqrt(d_h))", A, {2, e.tokens, e.tokens});
    std::cout << "Attention could read every state at once, but only after the loop had made them, in order.\n";
    plotter.save("01_attention_on_states", rnn_loop_lab::attention_on_states_figure(A, e.tokens));
}

}  // namespace

int main(int argc, char** argv) {
    return run_chapter(argc, argv, "chapters/01_rnn_loop/README.md", [](const ChapterOptions& o, plot::Plotter& p) {
        const auto e = rnn_loop_lab::example();
        step_loop(e);
        step_parallel_part(e);
        const std::string threads = step_timing(o, p);
        step_path_length(p);
        step_attention_on_top(e, p);
        std::cout << "\nWhat to notice:\n"
                     "  - each h_t waited for the one before it; nothing else did;\n"
                     "  - the U x_t part is one product, the W h part is a chain;\n"
                  << (threads.empty() ? "  - what a second thread does was not measured (step 3 is skipped with --quick);\n"
                                      : "  - a second thread, in this run: " + threads + ";\n")
                  << "  - the loop's path grows with distance and only runs forwards; attention's stays 1 both ways;\n"
                     "  - attention on top of the loop still waits for the loop.\n";
    });
}
