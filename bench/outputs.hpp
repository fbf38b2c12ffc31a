// outputs.hpp: the files a run writes besides the report: the figures
// bench/pytorch_side.py compares with PyTorch's (TSV), chapter 12's task for it
// to train on (TSV), and the plot of the attention ratios.
#pragma once

#include <string>
#include <vector>

#include "attention_bench.hpp"
#include "core/plot.hpp"
#include "training_bench.hpp"

namespace attn::bench {

// Through a temporary file and a rename: a reader never sees half a file.
// Throws std::runtime_error naming the file when it cannot be written.
void write_atomically(const std::string& path, const std::string& text);

// name, value, unit: the kernel's times under the names pytorch_side.py looks
// up ("attention double (3,3,4,4) 1 thread", its CPU time for 1 thread), and
// the training figures.
std::string ours_tsv(const std::vector<AttentionRow>& att, const TrainingResult& training, const TargetResult& t);

// Chapter 12's reversal task as token ids: set, source ids, target ids.
std::string task_tsv();

// plots/bench_attention_ratios.png: each double time over its two products, by shape.
plot::Figure ratio_figure(const std::vector<AttentionRow>& rows);

}  // namespace attn::bench
