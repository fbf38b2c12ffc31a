// model.hpp: chapter 12's encoder–decoder, its hand-written backward pass,
// Adam, decoding and checkpoints.
//
// The model is assembled from the learner's functions of chapters 02 to 12, so
// `./course run 12 --mine` trains on the learner's own code:
//   positions       positional_encoding, add_positions (08)
//   attention       training: multi_head_attention's wiring (09) once per layer for the
//                   whole batch: project (02), split_heads, scaled_dot_product_attention
//                   (06) per sequence and head, concat_heads (09); translating:
//                   multi_head_attention (09) itself, inside the blocks; causal_mask (07)
//                   in the decoder's self-attention on both paths
//   blocks          layer_norm, layer_norm_backward, feed_forward (10); encoder_block and
//                   decoder_block (10) on the inference path (next_scores, translate)
//   training        cross_entropy, attention_backward per head (with softmax_rows_backward),
//                   adam_step and learning_rate (11)
//   decoding        teacher_forcing for the decoder's inputs and labels, greedy_decode
//                   and beam_search (12)
//
// Rows are tokens, columns are features. A batch is processed as one tall
// matrix holding every token of every sequence (no padding); attention then
// runs sequence by sequence (and head by head) on that sequence's rows (layers.hpp).
// Files: src/model/parameters.cpp (the parameters), layers.cpp (each layer,
// forward and backward), model.cpp (Model), training.cpp (Adam, train,
// gradient checks), checkpoint.cpp (checkpoints), decoding.cpp (beam search with length
// normalisation, an option beside the learner's beam_search).
// Dimension legend:
//   T = tokens in the batch (all sequences stacked)   d_model = token width   h = heads
//   d_k, d_v = one head's query/key and value widths   d_ff = feed-forward width
//   n_vocab = vocabulary size
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

// Attention weights of one example, for the figures (rows are queries), one
// matrix per head, from the last block of each kind.
struct AttentionMaps {
    std::vector<arma::mat> cross;         // h x (decoder tokens x source tokens)
    std::vector<arma::mat> decoder_self;  // h x (decoder tokens x decoder tokens)
    std::vector<arma::mat> encoder_self;  // h x (source tokens x source tokens)
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

    // Forward and backward over a batch, teacher-forced (teacher_forcing,
    // chapter 12): the decoder reads <s> y_1 .. y_n and must predict
    // y_1 .. y_n </s>. Leaves the gradients in each tensor's grad (overwritten,
    // not accumulated).
    StepStats forward_backward(const Batch& batch);
    // The loss alone (for gradient checks): the same number forward_backward reports.
    double loss(const Batch& batch);
    // The logits of the last forward pass (forward_backward or loss) over a batch:
    // one row per decoder input, the examples in the batch's order.
    // Shapes: (T_tgt, n_vocab), T_tgt = every example's target length + 1, summed.
    const arma::mat& last_logits() const;
    // The training path's scores for one example, teacher-forced: row i is the
    // logits after decoder input 0..i. Shapes: (target length + 1, n_vocab).
    arma::mat teacher_forced_scores(const tasks::Example& example);

    // Scores for the next token after `prefix` (which starts with <s>), for one
    // source, by the inference path: chapter 10's encoder_block and
    // decoder_block on the model's weights. Shapes: (1, n_vocab).
    arma::rowvec next_scores(const tasks::Tokens& source, const tasks::Tokens& prefix) const;
    // Greedy decoding of one source through greedy_decode() (chapter 12).
    tasks::Tokens translate(const tasks::Tokens& source, std::size_t max_len) const;
    // Beam search through beam_search() (chapter 12); beam 1 is greedy decoding.
    tasks::Tokens translate_beam(const tasks::Tokens& source, std::size_t max_len, std::size_t beam) const;
    // Beam search whose finished outputs are ranked by their summed log-probability
    // divided by length^alpha (decoding.hpp, the model's own code): alpha 0 ranks as
    // translate_beam does, alpha 1 by the mean per token.
    tasks::Tokens translate_normalised(const tasks::Tokens& source, std::size_t max_len, std::size_t beam,
                                       double alpha) const;
    // translate (beam 1: greedy decoding) or translate_beam (any other beam) for
    // every source, in order: the same answers, with the blocks' weights gathered
    // from the tensors once for all of them.
    std::vector<tasks::Tokens> translate_all(const std::vector<tasks::Tokens>& sources, std::size_t max_len,
                                             std::size_t beam = 1) const;
    // How many examples greedy decoding translates exactly into their targets:
    // the count translate_all(sources, max_len) would give, but an example's
    // decoding stops at its first token that differs from the target (it can no
    // longer match, whatever follows), so a check of a model that is still wrong
    // costs a few tokens per example instead of max_len.
    std::size_t count_exact_greedy(const std::vector<tasks::Example>& examples, std::size_t max_len) const;
    // Teacher-forced pass over one example, returning its attention weights.
    AttentionMaps attention_maps(const tasks::Example& example);

    struct Impl;  // layers, their caches and the last batch (src/model/model.cpp)

private:
    Config config_;
    Parameters params_;
    std::unique_ptr<Impl> impl_;
};

// Adam (Kingma and Ba) with the 2017 paper's schedule: chapter 11's adam_step
// on every tensor, at the rate learning_rate(t, peak, warmup) (a linear warm-up
// to the peak, then a decay with 1 / sqrt(t)).
struct AdamSettings {
    double learning_rate = 3e-3;  // the peak, reached at the end of the warm-up
    double beta1 = 0.9, beta2 = 0.98, epsilon = 1e-9;
    long warmup_steps = 100;      // at least 1
};
class Adam {
public:
    explicit Adam(const AdamSettings& s = {}) : s_(s) {}
    void step(const TensorRefs& tensors);  // uses each tensor's grad
    double rate() const;                   // the learning rate of the last step (0 before the first)
    long steps_taken() const { return t_; }

private:
    AdamSettings s_;
    long t_ = 0;
};

// Share of examples whose translation equals the target exactly: greedy
// decoding for beam 1, beam search otherwise.
double exact_match(const Model& model, const std::vector<tasks::Example>& examples, std::size_t max_len,
                   std::size_t beam = 1);

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
// A checkpoint is a text file: a header, the task, who trained it and when
// (optional, see Provenance), the configuration, the vocabulary,
// every tensor with its name and shape (numbers in hexadecimal floating point,
// so they come back bit for bit), and a last line with a checksum of all that
// precedes it. It is written to a temporary file beside the target and then
// renamed over it, so an interrupted save never damages the previous checkpoint.

// Whose functions trained a model, and when it was saved: an optional line of
// the checkpoint, "trained reference 2025-06-01T10:22:03Z" (or "trained learner
// ..."), after the task. Checkpoints saved without it (by older versions, by the
// tests and the parity tool) load as before, with both fields empty.
struct Provenance {
    std::string trained_by;  // "reference" or "learner"; "" when not recorded
    std::string saved_at;    // UTC, "YYYY-MM-DDTHH:MM:SSZ"; "" when not recorded
    bool recorded() const { return !trained_by.empty(); }
};
// This moment, for a model trained on the reference (learner = false) or on the learner's functions.
Provenance provenance_now(bool learner);

struct Checkpoint {
    std::string task;  // "reversal" or "translation"
    Provenance provenance;
    Config config;
    tasks::Vocabulary vocab;
    std::vector<Tensor> tensors;  // values only
};

// Throws InputError naming the file when it cannot be written (the previous
// file, if any, is left as it was), or when `provenance` is half filled in or
// not of the form above.
void save_checkpoint(const std::string& path, const std::string& task, const Model& model,
                     const tasks::Vocabulary& vocab, const Provenance& provenance = {});

// Throws InputError naming the file and what is wrong: missing, not a
// checkpoint, saved by the one-head model of an older version (format 1),
// truncated, corrupt (checksum), or malformed at line N.
Checkpoint load_checkpoint(const std::string& path);

// Whether the file at `path` starts as a checkpoint of this course does (either
// format's first line), read within the checkpoint's limit; false for a missing
// file, one that is not a regular file, or any other content. Never throws.
bool looks_like_checkpoint(const std::string& path);

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
