// training.cpp: chapter 12's training loop, Adam (chapter 11's adam_step and
// learning_rate), exact-match accuracy and the gradient check by central differences.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <random>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"
#include "model/model.hpp"

namespace attn::model {

// ---------------------------------------------------------------- gradient check

std::vector<GradientCheck> gradient_check(Model& model, const Batch& batch, double h, std::size_t max_entries) {
    model.forward_backward(batch);
    const TensorRefs tensors = model.tensors();
    std::vector<arma::mat> analytic;
    for (const Tensor& t : tensors) analytic.push_back(t.grad);
    std::vector<GradientCheck> out;
    for (std::size_t k = 0; k < tensors.size(); ++k) {
        arma::mat& w = tensors[k].get().value;
        const arma::uword n = w.n_elem;
        const arma::uword stride = n > max_entries ? (n + max_entries - 1) / max_entries : 1;
        double diff = 0, norm_num = 0, norm_ana = 0;
        GradientCheck g;
        g.name = tensors[k].get().name;
        for (arma::uword i = 0; i < n; i += stride) {
            const double keep = w(i);
            w(i) = keep + h;
            const double up = model.loss(batch);
            w(i) = keep - h;
            const double down = model.loss(batch);
            w(i) = keep;
            const double numeric = (up - down) / (2 * h);
            diff += (numeric - analytic[k](i)) * (numeric - analytic[k](i));
            norm_num += numeric * numeric;
            norm_ana += analytic[k](i) * analytic[k](i);
            ++g.entries;
        }
        const double scale = std::sqrt(norm_num) + std::sqrt(norm_ana);
        g.relative_error = scale > 0 ? std::sqrt(diff) / scale : 0.0;
        out.push_back(g);
    }
    return out;
}

// ---------------------------------------------------------------- Adam

void Adam::step(const TensorRefs& tensors) {
    ++t_;
    const AdamConstants c{s_.beta1, s_.beta2, s_.epsilon};
    const double lr = rate();  // chapter 11's learning_rate: warm-up, then 1 / sqrt(t)
    for (Tensor& t : tensors) adam_step(t.value, t.grad, t.adam_m, t.adam_v, t_, lr, c);  // chapter 11
}

double Adam::rate() const { return t_ == 0 ? 0.0 : learning_rate(t_, s_.learning_rate, s_.warmup_steps); }

double exact_match(const Model& model, const std::vector<tasks::Example>& examples, std::size_t max_len,
                   std::size_t beam) {
    if (examples.empty()) return 0.0;
    if (beam == 1)  // the same count as below, without decoding past an example's first wrong token
        return static_cast<double>(model.count_exact_greedy(examples, max_len)) / static_cast<double>(examples.size());
    std::vector<tasks::Tokens> sources;
    sources.reserve(examples.size());
    for (const auto& e : examples) sources.push_back(e.source);
    const std::vector<tasks::Tokens> out = model.translate_all(sources, max_len, beam);
    std::size_t right = 0;
    for (std::size_t i = 0; i < examples.size(); ++i)
        if (out[i] == examples[i].target) ++right;
    return static_cast<double>(right) / static_cast<double>(examples.size());
}

// ---------------------------------------------------------------- training

TrainingLog train(Model& model, const tasks::Task& task, const TrainSettings& s, const Progress& progress) {
    if (task.train.empty()) throw InputError("train: the task has no training examples");
    if (s.batch_size == 0) throw InputError("train: the batch size must be at least 1");
    using clock = std::chrono::steady_clock;
    const auto start = clock::now();
    TrainingLog log;
    Adam adam(s.adam);
    std::mt19937_64 rng(s.seed);
    std::vector<std::size_t> order(task.train.size());
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    std::size_t next = 0;
    const std::vector<tasks::Example> check(task.validation.begin(),
                                            task.validation.begin() +
                                                std::min(s.eval_examples, task.validation.size()));
    Batch batch;
    for (std::size_t step = 1; step <= s.max_steps; ++step) {
        batch.examples.clear();
        for (std::size_t i = 0; i < s.batch_size; ++i) {
            if (next == order.size()) {
                std::shuffle(order.begin(), order.end(), rng);
                next = 0;
            }
            batch.examples.push_back(task.train[order[next++]]);
        }
        const StepStats stats = model.forward_backward(batch);
        adam.step(model.tensors());
        log.steps = step;
        log.step.push_back(static_cast<double>(step));
        log.loss.push_back(stats.loss);
        const double seconds = std::chrono::duration<double>(clock::now() - start).count() - log.eval_seconds;
        if (progress) progress(step, stats, seconds > 0 ? step / seconds : 0.0);
        if (!check.empty() && s.eval_every > 0 && step % s.eval_every == 0) {
            const auto eval_start = clock::now();
            const double acc = exact_match(model, check, task.max_target_length + 2);
            log.eval_seconds += std::chrono::duration<double>(clock::now() - eval_start).count();
            log.eval_step.push_back(static_cast<double>(step));
            log.eval_accuracy.push_back(acc);
            if (acc >= s.target_accuracy) {
                log.reached_target = true;
                break;
            }
        }
    }
    log.seconds = std::chrono::duration<double>(clock::now() - start).count();
    return log;
}

}  // namespace attn::model
