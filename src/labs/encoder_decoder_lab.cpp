#include "labs/encoder_decoder_lab.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <unistd.h>

namespace attn::encoder_decoder_lab {

namespace {
model::Config small_config(arma::uword vocab) {
    model::Config c;
    c.d_model = 32;
    c.heads = 2;  // two heads of d_k = d_v = 16 = d_model / 2 (chapter 09)
    c.d_k = 16;   // each head divides by sqrt(16), not sqrt(32)
    c.d_v = 16;
    c.d_ff = 64;
    c.layers = 1;
    c.vocab = vocab;
    c.seed = 1;
    return c;
}

// Both tasks train alike: batches of 64, a validation check every 50 steps,
// on the first 500 validation examples, and a stop once 99.8% of them come out
// exactly right.
Setup setup_for(tasks::Task task) {
    Setup s{std::move(task), {}, {}};
    s.config = small_config(s.task.vocab.size());
    s.train.batch_size = 64;
    s.train.max_steps = 3000;
    s.train.eval_every = 50;
    s.train.eval_examples = 500;
    s.train.target_accuracy = 0.998;
    s.train.seed = 7;
    return s;
}

}  // namespace

Setup reversal_setup() { return setup_for(tasks::reversal(20000, 1000, 11)); }

Setup translation_setup() { return setup_for(tasks::translation(20000, 1000, 11)); }

ProgressBar::ProgressBar(std::string label, std::size_t max_steps, std::size_t every)
    : label_(std::move(label)), max_steps_(max_steps), every_(every ? every : 100), tty_(::isatty(2) != 0) {}

void ProgressBar::operator()(std::size_t step, const model::StepStats& stats, double steps_per_second) {
    const auto now = std::chrono::steady_clock::now();
    const bool due = tty_ ? (now - last_draw_ > std::chrono::milliseconds(100) || step == max_steps_)
                          : (step % every_ == 0 || step == max_steps_);
    if (!due) return;
    last_draw_ = now;
    constexpr int width = 24;
    const int filled = static_cast<int>(width * static_cast<double>(step) / static_cast<double>(max_steps_));
    char line[200];
    std::snprintf(line, sizeof line, "  %-12s [%-*s] step %5zu  loss %7.4f  token accuracy %5.1f%%  %5.0f steps/s",
                  label_.c_str(), width, std::string(static_cast<std::size_t>(filled), '#').c_str(), step, stats.loss,
                  100.0 * stats.token_accuracy, steps_per_second);
    last_line_ = line;
    std::cerr << (tty_ ? "\r" : "") << line << (tty_ ? "" : "\n") << std::flush;
}

void ProgressBar::finish() {
    if (tty_ && !last_line_.empty()) std::cerr << "\n" << std::flush;
}

std::vector<std::string> words(const tasks::Vocabulary& vocab, const tasks::Tokens& tokens) {
    std::vector<std::string> out;
    for (auto t : tokens) out.push_back(vocab.word(t));
    return out;
}

double mirror_share(const arma::mat& cross) {
    const arma::uword L = cross.n_cols;
    const arma::uword rows = std::min<arma::uword>(cross.n_rows, L);
    if (rows == 0) return 0.0;
    double total = 0;
    for (arma::uword i = 0; i < rows; ++i) total += cross(i, L - 1 - i);
    return total / static_cast<double>(rows);
}

plot::Figure loss_figure(const model::TrainingLog& reversal, const model::TrainingLog& translation) {
    plot::LineChart c;
    c.title = "Training loss (cross-entropy per target token)";
    c.xlabel = "step";
    c.ylabel = "loss";
    c.series.push_back({"reversal of 8 digits", reversal.step, reversal.loss, "lines"});
    c.series.push_back({"English -> French", translation.step, translation.loss, "lines"});
    c.log_y = true;
    return plot::Figure(c);
}

plot::Figure cross_attention_figure(const std::string& title, const std::vector<arma::mat>& cross,
                                    const std::vector<std::string>& outputs, const std::vector<std::string>& sources) {
    plot::Figure f;
    for (std::size_t i = 0; i < cross.size(); ++i) {
        plot::Heatmap h;
        h.title = "head " + std::to_string(i + 1);
        h.values = cross[i];
        h.row_labels = outputs;
        h.col_labels = sources;
        h.xlabel = "source token (key)";
        h.ylabel = "token produced (query)";
        h.decimals = cross[i].n_rows * cross[i].n_cols > 100 ? 1 : 2;
        f.panels.push_back(h);
    }
    f.rows = 1;
    f.cols = static_cast<int>(std::max<std::size_t>(1, cross.size()));
    f.title = title;
    f.width = 620 * f.cols;
    f.height = 640;
    return f;
}

}  // namespace attn::encoder_decoder_lab
