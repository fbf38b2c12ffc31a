// training_bench.hpp: benchmark 3, chapter 12's training: steps per second of
// the reversal configuration (d_model 32, 2 heads of d_k = d_v = 16, one
// encoder and one decoder block, batch 64, sequences of 8 digits, Adam at
// learning_rate(t, 3e-3, 100)), exactly as the chapter trains it, and the
// seconds from fresh weights to 99% exact match.
#pragma once

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "labs/encoder_decoder_lab.hpp"

namespace attn::bench {

struct TrainingResult {
    double steps_per_second_1 = 0, steps_per_second_2 = 0;  // 1 and 2 threads
    double cpu_steps_per_second_1 = 0;  // 1 thread, in the thread's CPU time (stops while others hold the core)
};

// The reversal training on 16 fixed batches of chapter 12's task: a model of
// its own, trained on in blocks of steps (bench_training, and the server of
// serve.hpp).
class TimedTrainer {
public:
    explicit TimedTrainer(const encoder_decoder_lab::Setup& s);
    // `steps` steps as chapter 12 takes them (forward, backward, one Adam step):
    // wall seconds and the calling thread's CPU seconds, per step.
    std::pair<double, double> block(int steps);

private:
    model::Model model_;
    model::Adam adam_;
    std::vector<model::Batch> batches_;
    std::size_t next_ = 0;
};

// One model per thread count, timed in alternating blocks of steps (the
// rounds share the machine's noise); steps per second is the median block's.
// quick: a smoke run (the suite's), 2 rounds of 10 steps instead of 7 of 40.
// Prints its line.
TrainingResult bench_training(bool quick);

// Seconds from fresh weights to a target exact match on the validation check,
// trained as chapter 12 trains (model::train: batches of 64, the first 500
// validation sequences decoded greedily every 50 steps, that time included),
// once per seed (the model's and the batch order's); the median run.
struct TargetResult {
    double seconds = NAN, steps = NAN;  // of the median run; NaN: some run missed the target
    std::string runs;                   // every run, for the report
    int seeds = 0;                      // how many runs (seeds 1 to seeds)
};

// One run: fresh weights from `seed` (and the batch order from 6 + seed: seed 1
// trains as chapter 12 does, batch order 7), trained until `target`.
model::TrainingLog train_to_target(encoder_decoder_lab::Setup s, double target, int seed);

// The median of seeds 1 to `seeds`; prints its line.
TargetResult time_to_target(double target, int seeds);

}  // namespace attn::bench
