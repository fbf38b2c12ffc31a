// parity.hpp: chapter 12's model checked against another implementation of it:
// PyTorch's, with its autograd in place of our hand-written backward pass, on
// the very same weights and batch (bench/parity.py, bench/torch_model.py).
//
// The gradient check (gradient_check in model.hpp) differentiates our own loss,
// so a mistake in the forward pass that both paths share is invisible to it.
// Here the forward pass, the backward pass, Adam and decoding are all compared
// with numbers that PyTorch computed, in float64, from the course's weights.
//
// Three text files in one folder (the committed ones: tests/data/parity/):
//
//   model.ckpt     the weights: a checkpoint (model.hpp) of the course's initial model
//   batch.txt      what both sides run: the batch, the sources to decode, Adam's settings
//   reference.txt  PyTorch's answers, written by bench/parity.py
//
// batch.txt (token ids of model.ckpt's vocabulary; '#' starts a comment line):
//   attention-by-hand parity batch 1
//   adam learning_rate 0.003 beta1 0.9 beta2 0.98 epsilon 1e-09 warmup_steps 100
//   decode max_len 12 beam 4
//   example 5 17 9 -> 23 8 41        one per example of the batch, source -> target
//   source 4 12 6                    one per source to decode
//   end fnv1a64 <checksum of everything above, as a checkpoint's>
//
// reference.txt (numbers in hexadecimal floating point, which round-trip exactly):
//   attention-by-hand parity reference 1
//   made-by PyTorch 1.13.0a0 ...     what computed it
//   inputs model.ckpt <its checksum> batch.txt <its checksum>
//   loss <number>
//   tensor logits - ROWS COLS        then ROWS lines of COLS numbers
//   tensor gradient NAME TORCH_NAME ROWS COLS ...   every tensor, in the layout's order
//   tensor adam NAME TORCH_NAME ROWS COLS ...       the weights after one Adam step, likewise
//   greedy TOKENS                    one per source, in order (no begin or end token)
//   beam TOKENS                      likewise, beam search with batch.txt's beam
//   end fnv1a64 <checksum>
//
// Rows are tokens, columns are features.
// Dimension legend: T_tgt = decoder inputs in the batch (every target's length + 1,
// summed), n_vocab = vocabulary size.
#pragma once

#include <armadillo>
#include <cstddef>
#include <string>
#include <vector>

#include "model/model.hpp"

namespace attn::model {

// How close is close enough: relative to the largest entry of the reference's
// tensor (an entry-by-entry relative error misleads near 0). Both sides compute
// in float64; what separates them is rounding, about 1e-15 of that size.
constexpr double kParityLogitsTolerance = 1e-10;    // the logits, and the loss (relative to itself)
constexpr double kParityGradientTolerance = 1e-9;   // every gradient, and every Adam step

// What both sides run.
struct ParityInputs {
    Checkpoint weights;                         // model.ckpt: task, configuration, vocabulary, tensors
    Batch batch;                                // one teacher-forced loss and one backward pass over it
    std::vector<tasks::Tokens> decode_sources;  // each decoded greedily and by beam search
    std::size_t max_len = 0;                    // most tokens either decode may produce
    std::size_t beam = 4;
    AdamSettings adam;                          // one step: t = 1, at learning_rate(1, peak, warmup)
    std::string weights_checksum, batch_checksum;  // the files' closing checksums (set by save and load)
};

// The course's inputs: a translation model at a small size (d_model 8, 2 heads of
// d_k 3 and d_v 5, d_ff 10, 2 + 2 layers, so h d_k != d_model and the layers are
// stacked), its initial weights from a fixed seed, four training sentences of
// different lengths as the batch, three held-out sentences to decode, and the
// Adam settings chapter 12 trains with.
ParityInputs make_parity_inputs();

// Writes DIR/model.ckpt and DIR/batch.txt (DIR must exist); sets the checksums of `in`.
// Throws: InputError naming the file when it cannot be written.
void save_parity_inputs(const std::string& dir, ParityInputs& in);

// Reads DIR/model.ckpt and DIR/batch.txt.
// Throws: InputError naming the file and what is wrong (missing, not that kind of
//         file, truncated, corrupt, malformed at line N, a token outside the vocabulary).
ParityInputs load_parity_inputs(const std::string& dir);

// One side's answers, tensors in the layout's order.
struct ParityAnswers {
    double loss = 0;                 // mean cross-entropy over the batch's target tokens
    arma::mat logits;                // (T_tgt, n_vocab)
    std::vector<Tensor> gradients;   // name and value (the gradient), every tensor
    std::vector<Tensor> after_adam;  // name and value (the weights after one Adam step)
    std::vector<tasks::Tokens> greedy, beam;  // per decode source, decoded on the initial weights
};

// Our model's answers: model_from(in.weights), decodes first (translate,
// translate_beam), then forward_backward(in.batch) and one Adam step.
ParityAnswers run_parity(const ParityInputs& in);

// PyTorch's answers, as reference.txt holds them.
struct ParityReference {
    ParityAnswers answers;
    std::vector<std::string> torch_names;  // PyTorch's name of each tensor ("decoder.0.self_attn.W_q")
    std::string made_by;                   // "PyTorch 1.13.0a0 (...), float64"
};

// Reads the reference and checks it against `in`: made from these very inputs
// (their checksums), every tensor of the layout by name and shape, one decode of
// each kind per source.
// Throws: InputError naming the file and what is wrong.
ParityReference load_parity_reference(const std::string& path, const ParityInputs& in);

// One comparison: a tensor (or the loss, or one decode) of ours against PyTorch's.
struct ParityCheck {
    std::string kind;        // "logits", "loss", "gradient", "Adam step", "greedy decode", "beam decode"
    std::string name;        // the tensor's name ("dec0.self.W_q"), or "source 2" for a decode
    std::string torch_name;  // PyTorch's name of the tensor, when it has one
    double difference = 0;   // max |ours - theirs| / max |theirs| (a decode: 0 when identical, else 1)
    double tolerance = 0;    // 0 for decodes: they must be identical
    arma::uword row = 0, col = 0;  // the worst entry (a decode: the first differing token)
    double ours = 0, theirs = 0;   // its values
    bool passed = false;
    std::string message;     // when not passed: "parity: gradient of dec0.self.W_q (PyTorch's ...) differs ..."
};

// Every comparison, in this order: logits, loss, each gradient and each Adam step
// (the change of the weights, relative to PyTorch's change: the step is about
// the learning rate, far smaller than the weights) in the layout's order, then
// the greedy and the beam decodes. The first one that fails is the first
// quantity that disagrees.
std::vector<ParityCheck> compare_parity(const ParityAnswers& ours, const ParityReference& reference,
                                        const ParityInputs& in);

}  // namespace attn::model
