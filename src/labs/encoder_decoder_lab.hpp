// encoder_decoder_lab.hpp: what chapter 12's program needs around the model:
// the two tasks' settings (shared with the benchmark), a progress bar, the
// figures, and the measure of how well cross-attention follows the mirror.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "core/plot.hpp"
#include "model/model.hpp"
#include "model/toy_tasks.hpp"

namespace attn::encoder_decoder_lab {

// Everything one training run needs, so that the chapter, the tests and the
// benchmark train the very same configuration.
struct Setup {
    tasks::Task task;
    model::Config config;
    model::TrainSettings train;
};

// Reversal of 8 digits: d_model 32, 2 heads of d_k = d_v = 16, d_ff 64, one
// encoder and one decoder block, batch 64.
Setup reversal_setup();
// English -> French: the same model size.
Setup translation_setup();

// A progress bar on stderr: redrawn in place on a terminal, a line every
// `every` steps otherwise (logs, CI). Prints nothing on stdout.
class ProgressBar {
public:
    ProgressBar(std::string label, std::size_t max_steps, std::size_t every = 100);
    void operator()(std::size_t step, const model::StepStats& stats, double steps_per_second);
    void finish();  // ends the line on a terminal

private:
    std::string label_;
    std::size_t max_steps_, every_;
    bool tty_;
    std::chrono::steady_clock::time_point last_draw_;
    std::string last_line_;
};

// Token ids -> words, with the begin/end tokens spelled "<s>" and "</s>".
std::vector<std::string> words(const tasks::Vocabulary& vocab, const tasks::Tokens& tokens);

// The share of cross-attention weight that each output digit puts on its
// mirrored source digit (output i reads source L-1-i), averaged over the
// outputs (the end token's row is left out). 1 means a perfect anti-diagonal.
// Shapes:  cross (L+1) x L (decoder positions x source positions).
double mirror_share(const arma::mat& cross);

// Loss per step of both runs, on a log scale.
plot::Figure loss_figure(const model::TrainingLog& reversal, const model::TrainingLog& translation);

// Cross-attention heatmaps, one panel per head: rows are the tokens the decoder
// produced, columns the source tokens.
plot::Figure cross_attention_figure(const std::string& title, const std::vector<arma::mat>& cross,
                                    const std::vector<std::string>& outputs, const std::vector<std::string>& sources);

}  // namespace attn::encoder_decoder_lab
