// training_bench.cpp: benchmark 3, chapter 12's training (training_bench.hpp).
#include "training_bench.hpp"

#include <algorithm>
#include <cstdio>

#include "attn_perf/tuning.hpp"
#include "format.hpp"
#include "timing.hpp"

namespace attn::bench {

TimedTrainer::TimedTrainer(const encoder_decoder_lab::Setup& s)
    : model_(s.config), adam_(s.train.adam), batches_(16) {
    for (std::size_t b = 0; b < batches_.size(); ++b)
        for (std::size_t i = 0; i < s.train.batch_size; ++i)
            batches_[b].examples.push_back(s.task.train[(b * s.train.batch_size + i) % s.task.train.size()]);
}

std::pair<double, double> TimedTrainer::block(int steps) {
    const double cpu_start = thread_cpu_seconds();
    const auto start = Clock::now();
    for (int i = 0; i < steps; ++i) {
        model_.forward_backward(batches_[next_++ % batches_.size()]);
        adam_.step(model_.tensors());
    }
    return {seconds_since(start) / steps, (thread_cpu_seconds() - cpu_start) / steps};
}

TrainingResult bench_training(bool quick) {
    perf::tune_for_training();  // as chapter 12's main() does
    const encoder_decoder_lab::Setup s = encoder_decoder_lab::reversal_setup();
    TimedTrainer trainers[2] = {TimedTrainer(s), TimedTrainer(s)};
    std::vector<double> cpu_per_step;  // 1 thread only
    auto block = [&](int k, int steps) {
        perf::set_threads(k + 1);
        const auto [wall, cpu] = trainers[k].block(steps);
        if (k == 0) cpu_per_step.push_back(cpu);
        return wall;
    };
    block(0, 10);  // warm-up: first touches of memory, thread start-up
    block(1, 10);
    cpu_per_step.clear();
    std::vector<double> per_step[2];
    const int rounds = quick ? 2 : 7, steps = quick ? 10 : 40;
    for (int round = 0; round < rounds; ++round)
        for (int k = 0; k < 2; ++k) per_step[k].push_back(block(k, steps));
    TrainingResult r;
    r.cpu_steps_per_second_1 = 1.0 / median(cpu_per_step);
    r.steps_per_second_1 = 1.0 / median(per_step[0]);
    r.steps_per_second_2 = 1.0 / median(per_step[1]);
    perf::set_threads(1);
    std::printf("reversal configuration (%s, batch %zu):\n", model::describe(s.config).c_str(), s.train.batch_size);
    std::printf("  1 thread: %.0f steps/s (%.0f per second of CPU time)   2 threads: %.0f steps/s\n",
                r.steps_per_second_1, r.cpu_steps_per_second_1, r.steps_per_second_2);
    return r;
}

model::TrainingLog train_to_target(encoder_decoder_lab::Setup s, double target, int seed) {
    s.train.target_accuracy = target;
    s.config.seed = static_cast<std::uint64_t>(seed);
    s.train.seed = static_cast<std::uint64_t>(6 + seed);
    model::Model model(s.config);
    return model::train(model, s.task, s.train, {});
}

TargetResult time_to_target(double target, int seeds) {
    perf::tune_for_training();
    const encoder_decoder_lab::Setup s = encoder_decoder_lab::reversal_setup();
    std::vector<std::pair<double, double>> runs;  // (seconds, steps)
    TargetResult r;
    r.seeds = seeds;
    for (int seed = 1; seed <= seeds; ++seed) {
        const model::TrainingLog log = train_to_target(s, target, seed);
        r.runs += (r.runs.empty() ? "" : ", ") + std::to_string(log.steps) + " steps " +
                  (log.reached_target ? fixed(log.seconds, 2) + " s" : std::string("(target not reached)"));
        if (!log.reached_target) return r;
        runs.emplace_back(log.seconds, static_cast<double>(log.steps));
    }
    std::sort(runs.begin(), runs.end());
    r.seconds = runs[runs.size() / 2].first;
    r.steps = runs[runs.size() / 2].second;
    std::printf("training to %.0f%% exact match, median of seeds 1 to %d: %.2f s, %.0f steps (%s)\n", 100 * target,
                seeds, r.seconds, r.steps, r.runs.c_str());
    perf::set_threads(1);
    return r;
}

}  // namespace attn::bench
