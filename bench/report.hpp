// report.hpp: what a run says, on the screen and in build/bench/RESULTS.md.
// Both open with the same legend, written for a learner: what each column is,
// what the ratios are measured against and what the load average means.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "attention_bench.hpp"
#include "labs/rnn_loop_lab.hpp"
#include "options.hpp"
#include "paths_bench.hpp"
#include "training_bench.hpp"

namespace attn::bench {

// (term, what it means), in the order the report uses them.
std::vector<std::pair<std::string, std::string>> legend();

// The legend on the screen, wrapped to `width` columns.
void print_legend(std::size_t width = 92);

// The worked example's row, (3,3,4,4) double on 1 thread, in one sentence
// (kernel, reference and loops, each with its ratio to the two products); ""
// when the run did not time it.
std::string worked_example_line(const std::vector<AttentionRow>& rows);

struct Results {
    std::vector<AttentionRow> attention;
    std::vector<rnn_loop_lab::Timing> loop;
    TrainingResult training;
    const TargetResult* to_target = nullptr;  // only with --ours
    std::vector<PathRow> paths;               // empty with --no-paths
};

// The whole Markdown report.
std::string report(const Options& o, const Results& r);

}  // namespace attn::bench
