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

// Length normalisation shown on a table small enough to follow by hand: five
// tokens (0 <s>, 1 </s>, 2 a, 3 b, 4 c). "a </s>" has probability 0.5 * 0.6 = 0.30;
// "b c a </s>" has 0.45 * 0.8 * 0.8 * 0.9 = 0.2592, less in all but more per token.
// Scores are log-probabilities (a token the table leaves out gets 1e-6).
struct ShortOutputTable {
    static constexpr arma::uword kTokens = 5;
    static const char* word(arma::uword token);  // "<s>", "</s>", "a", "b", "c"
    arma::rowvec operator()(const std::vector<arma::uword>& prefix) const;
};

// Loss per step of both runs, on a log scale.
plot::Figure loss_figure(const model::TrainingLog& reversal, const model::TrainingLog& translation);

// Cross-attention heatmaps, one panel per head: rows are the tokens the decoder
// produced, columns the source tokens.
plot::Figure cross_attention_figure(const std::string& title, const std::vector<arma::mat>& cross,
                                    const std::vector<std::string>& outputs, const std::vector<std::string>& sources);

// ---------------------------------------------------------------- checkpoints
// A run on the reference and a run on the learner's functions (--mine) save to
// files of their own, next to the figures' folder: plots/ -> checkpoints/, the
// reference's 12_translation.ckpt, the learner's 12_translation_mine.ckpt.
std::string default_checkpoint(const std::string& plots_dir, bool mine);

// What a training run found at the file it is to save to, checked before it
// trains (nothing the learner made is replaced):
//   free        nothing there
//   same        a checkpoint of the same side (reference or learner): replaced by the new one
//   unrecorded  a checkpoint that does not say whose it is (saved by an older
//               version, by the tests, or damaged): kept under a new name first
// and it refuses (InputError, naming the file and what to do) a file that is
// not a regular file, one that is not a checkpoint of this course, and a
// checkpoint of the other side ("holds the model trained on your functions ...").
enum class Destination { free, same, unrecorded };
Destination check_destination(const std::string& path, bool mine);

// Moves the file at `path` to the first free name path.kept-1, path.kept-2, ...
// (never over another file: a hard link made with the new name, then the old
// name removed) and returns that name. Throws InputError when it cannot.
std::string keep_aside(const std::string& path);

// Whose model a checkpoint holds and when it was saved, for --translate:
//   "the reference's model (trained on the reference solutions), saved 2025-06-01 10:22 UTC"
//   "your model (trained on your functions), saved 2025-06-01 10:22 UTC"
//   "a model that does not record whose it is or when it was trained (an older version of the
//    course saved it); the file was last changed 2025-06-01 10:22 UTC"
std::string describe_provenance(const model::Provenance& p, const std::string& path);

// The English sentence as token ids of the translation model's vocabulary.
// Only English words are taken (the model translates from English); a word
// that is not one is refused with the English words it knows:
//   "'purple' is not a word this model knows (it knows these English words: I love the car ...)"
//   "'voiture' is French; the model translates from English (it knows these English words: ...)"
// and "<s>" or "</s>" as words, as Vocabulary::encode refuses them.
tasks::Tokens encode_english(const tasks::Vocabulary& vocab, const std::string& sentence);

}  // namespace attn::encoder_decoder_lab
