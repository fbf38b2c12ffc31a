// model.hpp: chapter 12's encoder–decoder, its hand-written backward pass,
// Adam, greedy decoding and checkpoints.
//
// The attention inside is the learner's: every layer is a wiring of chapter
// 06's scaled_dot_product_attention(): the encoder's self-attention through
// self_attention(), the cross-attention through cross_attention() (chapter 07),
// the decoder's self-attention through causal_attention_pass() (chapter 12, on
// masked_attention() and causal_mask() of chapter 07). Projections go through
// project() (chapter 02), the output's probabilities through softmax_rows()
// (chapter 03), and the backward pass through attention_backward() and
// softmax_rows_backward() (chapter 12).
//
// Rows are tokens, columns are features. A batch is processed as one tall
// matrix holding every token of every sequence (no padding); attention then
// runs sequence by sequence on that sequence's rows (layers.hpp).
// Files: src/model/parameters.cpp (the parameters), layers.cpp (each layer,
// forward and backward), model.cpp (Model), training.cpp (Adam, train,
// gradient checks), checkpoint.cpp (checkpoints).
// Dimension legend:
//   T = tokens in the batch (all sequences stacked)   d_model = token width
//   d_k = query/key width   d_v = value width   d_ff = feed-forward width   V = vocabulary size
#pragma once

#include <armadillo>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "model/parameters.hpp"
#include "model/toy_tasks.hpp"

namespace attn::model {

struct Batch {
    std::vector<tasks::Example> examples;
};

// What one forward/backward pass measured.
struct StepStats {
    double loss = 0;            // mean cross-entropy per target token (end token included)
    double token_accuracy = 0;  // share of target tokens whose highest score is right (teacher forcing)
};

// Attention weights of one example, for the figures (rows are queries).
struct AttentionMaps {
    arma::mat cross;  // decoder tokens x source tokens, last decoder block
    arma::mat decoder_self;
    arma::mat encoder_self;
};

class Model {
public:
    explicit Model(const Config& config);  // random weights from config.seed
    ~Model();
    Model(Model&&) noexcept;
    Model& operator=(Model&&) noexcept;

    const Config& config() const { return config_; }
    // Every parameter, by name (parameters.hpp).
    Parameters& parameters() { return params_; }
    const Parameters& parameters() const { return params_; }
    // The same, as a list in layout order (checkpoints, Adam, gradient checks).
    TensorRefs tensors() { return tensors_of(params_, config_); }
    ConstTensorRefs tensors() const { return tensors_of(params_, config_); }
    std::size_t parameter_count() const;

    // Forward and backward over a batch, teacher-forced: the decoder reads
    // <s> y_1 .. y_n and must predict y_1 .. y_n </s>. Leaves the gradients in
    // each tensor's grad (overwritten, not accumulated).
    StepStats forward_backward(const Batch& batch);
    // The loss alone (for gradient checks): the same number forward_backward reports.
    double loss(const Batch& batch);

    // Scores for the next token after `prefix` (which starts with <s>), for one source.
    arma::rowvec next_scores(const tasks::Tokens& source, const tasks::Tokens& prefix);
    // Greedy decoding of one source through greedy_decode() (chapter 12).
    tasks::Tokens translate(const tasks::Tokens& source, std::size_t max_len);
    // Teacher-forced pass over one example, returning its attention weights.
    AttentionMaps attention_maps(const tasks::Example& example);

    struct Impl;  // layers, their caches and the last batch (src/model/model.cpp)

private:
    Config config_;
    Parameters params_;
    std::unique_ptr<Impl> impl_;
};

// Adam (Kingma and Ba), with a linear warm-up of the learning rate.
struct AdamSettings {
    double learning_rate = 3e-3;
    double beta1 = 0.9, beta2 = 0.98, epsilon = 1e-9;
    int warmup_steps = 100;
};
class Adam {
public:
    explicit Adam(const AdamSettings& s = {}) : s_(s) {}
    void step(const TensorRefs& tensors);  // uses each tensor's grad
    long steps_taken() const { return t_; }

private:
    AdamSettings s_;
    long t_ = 0;
};

// Share of examples whose greedy translation equals the target exactly.
double exact_match(Model& model, const std::vector<tasks::Example>& examples, std::size_t max_len);

// ---------------------------------------------------------------- gradient check

struct GradientCheck {
    std::string name;        // the tensor
    std::size_t entries = 0;  // how many of its entries were perturbed
    double relative_error = 0;  // |numeric - analytic| / (|numeric| + |analytic|), as vector norms
};

// Compares the backward pass with central differences,
//   dL/dw ~ (L(w + h) - L(w - h)) / 2h,
// for every tensor of the model: all of its entries, or `max_entries` of them
// spread evenly over it when it is larger. Leaves the weights as they were.
std::vector<GradientCheck> gradient_check(Model& model, const Batch& batch, double h = 1e-5,
                                          std::size_t max_entries = 1000000);

// ---------------------------------------------------------------- training

struct TrainSettings {
    std::size_t batch_size = 64;
    std::size_t max_steps = 3000;
    std::size_t eval_every = 100;        // held-out check every so many steps ...
    std::size_t eval_examples = 200;     // ... on the first so many held-out examples
    double target_accuracy = 0.99;       // stop once that check reaches it
    std::uint64_t seed = 7;              // batch order
    AdamSettings adam;
};

struct TrainingLog {
    std::vector<double> step, loss, eval_step, eval_accuracy;
    std::size_t steps = 0;
    double seconds = 0;       // the whole run
    double eval_seconds = 0;  // of which checking the validation set (greedy decoding)
    bool reached_target = false;
};

// One call per step: step, loss, token accuracy, training steps per second so
// far (the time spent checking the validation set is not counted).
using Progress = std::function<void(std::size_t step, const StepStats& stats, double steps_per_second)>;

TrainingLog train(Model& model, const tasks::Task& task, const TrainSettings& settings, const Progress& progress);

// ---------------------------------------------------------------- checkpoints
//
// A checkpoint is a text file: a header, the configuration, the vocabulary,
// every tensor with its name and shape (numbers in hexadecimal floating point,
// so they come back bit for bit), and a last line with a checksum of all that
// precedes it. It is written to a temporary file beside the target and then
// renamed over it, so an interrupted save never damages the previous checkpoint.

struct Checkpoint {
    std::string task;  // "reversal" or "translation"
    Config config;
    tasks::Vocabulary vocab;
    std::vector<Tensor> tensors;  // values only
};

// Throws InputError naming the file when it cannot be written (the previous
// file, if any, is left as it was).
void save_checkpoint(const std::string& path, const std::string& task, const Model& model,
                     const tasks::Vocabulary& vocab);

// Throws InputError naming the file and what is wrong: missing, not a
// checkpoint, truncated, corrupt (checksum), or malformed at line N.
Checkpoint load_checkpoint(const std::string& path);

// The same, on a checkpoint's text already in memory; `name` stands for the
// file in messages. Never allocates more than the text could fill, whatever
// sizes the text claims (the fuzz target feeds it arbitrary bytes).
Checkpoint parse_checkpoint(const std::string& text, const std::string& name);

// `body` followed by the checksum line that closes a checkpoint.
std::string seal_checkpoint(const std::string& body);

// The name and shape of every tensor: tensor_layout() in parameters.hpp.

// A model with the checkpoint's configuration and weights.
Model model_from(const Checkpoint& c);

// Throws InputError when `c` does not fit a model of `task` with `vocab` and
// `config`: "checkpoint is for task 'reversal', not 'translation'", or which
// setting differs.
void require_compatible(const Checkpoint& c, const std::string& task, const tasks::Vocabulary& vocab,
                        const Config& config);

}  // namespace attn::model
