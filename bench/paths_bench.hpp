// paths_bench.hpp: benchmark 4, the kernel's two paths at small shapes. Below
// some size attn::perf::attention takes its direct path (plain loops, no BLAS
// call, no thread) instead of the blocked one; this times both, forced
// (perf::Path), on 1 thread in the same rounds, at square shapes around the
// switch (and section 1's small shapes), to show where they cross. The limits in perf/kernels.cpp come from
// this table.
#pragma once

#include <string>
#include <vector>

#include "attention_bench.hpp"
#include "options.hpp"

namespace attn::bench {

struct PathRow {
    std::string type;  // "double" or "float"
    Shape shape;
    double work = 0;              // L_Q L_K (d_k + d_v): the multiply-adds of the two products
    double direct = 0, blocked = 0;  // seconds per call, medians over rounds
    double direct_vs_blocked = 0;    // median of round-by-round ratios
    bool automatic_direct = false;   // what Path::automatic takes here
};

// Times the shapes (fewer with --quick) and prints the table as it goes.
std::vector<PathRow> bench_paths(const Options& o);

// The largest work at which the direct path was faster with every smaller
// work faster too, for one type: where the two paths cross, as measured.
double crossover_work(const std::vector<PathRow>& rows, const std::string& type);

}  // namespace attn::bench
