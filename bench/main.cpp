// bench: the course's measurements in one report (run it with ./course bench).
//
// Dimension legend: L_Q = query positions, L_K = key positions,
//   d_k = query/key width, d_v = value width; L = sequence length, d = width.
//
// The options are in options.hpp. What is measured, a file each (see
// docs/ARCHITECTURE.md, "Benchmark"):
//   1. attention forward at five shapes, double and float, 1 and 2 threads: the
//      kernel, the teaching reference, plain loops and the two matrix products
//      alone, every time also a ratio to those products measured in the same
//      rounds (attention_bench);
//   2. the recurrent loop against one attention pass, chapter 01's figure (loop_bench);
//   3. chapter 12's training: steps per second, and with --ours the seconds to
//      99% exact match (training_bench);
//   4. the kernel's direct and blocked paths at small shapes, where they cross
//      (paths_bench).
// The harness is timing.hpp; the screen's legend and the Markdown report are
// report.hpp; the TSV files and the plot outputs.hpp; `--serve-training`, the
// server bench/pytorch_side.py times our training with, serve.hpp.
#include <cstdio>
#include <iostream>

#include "attention_bench.hpp"
#include "core/plot.hpp"
#include "labs/rnn_loop_lab.hpp"
#include "loop_bench.hpp"
#include "machine.hpp"
#include "options.hpp"
#include "outputs.hpp"
#include "paths_bench.hpp"
#include "report.hpp"
#include "serve.hpp"
#include "training_bench.hpp"

using namespace attn;
using namespace attn::bench;

int main(int argc, char** argv) {
    try {
        Options o = parse_options(argc, argv);
        if (o.serve_training) return serve_training();
        o.load_at_start = load_average();
        plot::Plotter plotter(o.plots_dir, o.plots);
        print_legend();
        Results r;
        std::printf("\n--- 1. Attention forward (medians; x = time / time of the two products) ---\n");
        r.attention = bench_attention(o);
        if (const std::string line = worked_example_line(r.attention); !line.empty()) std::printf("%s\n", line.c_str());
        std::printf("\n--- 2. The recurrent loop against one attention pass (d = 64) ---\n");
        r.loop = bench_loop(o);
        std::printf("\n--- 3. Training (chapter 12) ---\n");
        r.training = bench_training(o.quick);
        if (o.paths) {
            std::printf("\n--- 4. The kernel's two paths at small shapes (1 thread) ---\n");
            r.paths = bench_paths(o);
        }
        TargetResult to_target;
        if (!o.ours_tsv.empty()) {
            to_target = time_to_target(0.99, o.quick ? 1 : 3);
            r.to_target = &to_target;
            write_atomically(o.ours_tsv, ours_tsv(r.attention, r.training, to_target));
            std::printf("wrote %s\n", o.ours_tsv.c_str());
        }
        if (!o.task_file.empty()) {
            write_atomically(o.task_file, task_tsv());
            std::printf("wrote %s\n", o.task_file.c_str());
        }
        write_atomically(o.out, report(o, r));
        std::printf("\nwrote %s\n", o.out.c_str());
        for (const auto& path : {plotter.save("bench_attention_ratios", ratio_figure(r.attention)),
                                 plotter.save("bench_rnn_vs_attention", rnn_loop_lab::timing_figure(r.loop))})
            if (!path.empty()) std::printf("wrote %s\n", path.c_str());
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "bench: " << e.what() << "\n";
        return 1;
    }
}
