// options.hpp: the bench program's command line.
//
//   bench [--out FILE] [--plots DIR | --no-plots] [--quick] [--command TEXT]
//         [--shape L_Q,L_K,d_k,d_v]... [--no-loops] [--no-paths] [--ours FILE]
//         [--write-task FILE] [--build-seconds S] [--test-seconds S] [--test-note TEXT]
//   bench --serve-training
//     --out FILE       the Markdown report (default build/bench/RESULTS.md), written
//                      through a temporary file and a rename (./course bench
//                      writes into the build tree only: bench/RESULTS.md, the
//                      example kept in git, changes with --save-example)
//     --quick          fewer shapes and shorter timings (a smoke run, not for the README)
//     --command TEXT   the command to quote in the report
//     --shape ...      time these attention shapes instead of the usual five
//     --no-loops       skip the plain loops (seconds each at L = 2048)
//     --no-paths       skip section 4, the kernel's two paths at small shapes
//     --ours FILE      also train chapter 12's reversal model to 99% exact match
//                      (seeds 1 to 3), and write the figures PyTorch is compared
//                      with (bench/pytorch_side.py) as name, value, unit (TSV)
//     --write-task FILE
//                      write chapter 12's reversal task (reversal_setup()) as
//                      token ids, for bench/pytorch_side.py to train on
//     --build-seconds, --test-seconds, --test-note
//                      clean build and test-suite times measured by the caller
//                      (./course bench --build-times); without them the report
//                      says they were not measured
//     --serve-training chapter 12's reversal training on request, for
//                      bench/pytorch_side.py to time in rounds alternating with
//                      PyTorch's (the protocol is in serve.hpp)
#pragma once

#include <armadillo>
#include <string>
#include <vector>

namespace attn::bench {

struct Options {
    std::string load_at_start;  // read when the run starts, printed in the report
    std::string out = "build/bench/RESULTS.md";
    std::string plots_dir = "plots";
    bool plots = true;
    bool quick = false;
    std::string command = "./course bench";
    double build_seconds = -1, test_seconds = -1;  // < 0: not measured
    std::string test_note;
    std::vector<std::vector<arma::uword>> shapes;  // empty: the usual five
    bool loops = true;
    bool paths = true;
    std::string ours_tsv, task_file;  // empty: not asked for
    bool serve_training = false;
};

// Throws std::invalid_argument naming the option, for an unknown option, a
// missing value or a value it cannot read.
Options parse_options(int argc, char** argv);

// A whole number from `lo` (at least 1) to `hi` written as digits only; 0 when it is
// not one (a sign, a point, a letter, nothing, or out of range).
unsigned long long whole_in(const std::string& text, unsigned long long lo, unsigned long long hi);

}  // namespace attn::bench
