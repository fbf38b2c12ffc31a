// Chapter 12, the last: an encoder–decoder assembled from the functions of
// chapters 02 to 12, trained by hand-written backpropagation on two tasks
// generated in code, then decoded greedily and by beam search.
//
// Dimension legend: d_model = token width, h = heads, d_k = one head's
// query/key width, d_v = one head's value width, d_ff = feed-forward width,
// L = sequence length, n_vocab = vocabulary size.
// Run:  ./course run 12                 train both tasks, save a checkpoint, draw the figures
//       ./course run 12 --mine          the same on your exercises (a checkpoint of its own)
//       ./course run 12 --translate "the small dog finds a red apple"
//                                       translate with the reference's saved checkpoint
//                                       (with --mine: with yours)
//       (--checkpoint FILE picks another checkpoint file)
//       ./course run 12 --steps 50      a quick look: each training stops after 50 steps
//                                       (its figures then differ from the README's)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>

#include "core/chapter.hpp"
#include "labs/encoder_decoder_lab.hpp"
#include "core/errors.hpp"
#include "core/print.hpp"
#include "model/decoding.hpp"
#include "model/model.hpp"
#include "model/toy_tasks.hpp"
#include "attn_perf/tuning.hpp"

using namespace attn;
namespace fs = std::filesystem;

namespace {

// Beam search against greedy decoding on this many held-out examples of each task.
constexpr std::size_t kBeamExamples = 200;
// ... and on a translation model trained for only this many steps.
constexpr std::size_t kEarlySteps = 200;

std::string percent(double share) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * share);
    return buf;
}

// Next to the figures' folder: plots/ -> checkpoints/, one file for the reference's
// model and one for the learner's (--mine), so neither run replaces the other's.
std::string checkpoint_path(const ChapterOptions& o) {
    if (auto it = o.values.find("--checkpoint"); it != o.values.end()) {
        if (it->second.empty()) throw InputError("--checkpoint needs a file name; it was given an empty one");
        return it->second;
    }
    return encoder_decoder_lab::default_checkpoint(o.plots_dir, o.mine);
}

// How to run this program again, as the learner typed it.
std::string run_command(bool mine) { return mine ? "./course run 12 --mine" : "./course run 12"; }

// --steps N: every training stops after at most N steps (0: as the chapter sets them).
std::size_t step_cap(const ChapterOptions& o) {
    const auto it = o.values.find("--steps");
    if (it == o.values.end()) return 0;
    const std::string& v = it->second;
    std::size_t used = 0;
    unsigned long long n = 0;
    try {
        if (!v.empty() && v.find_first_not_of("0123456789") == std::string::npos) n = std::stoull(v, &used);
    } catch (const std::out_of_range&) {
        used = 0;
    }
    if (used != v.size() || v.empty() || n == 0 || n > 1000000)
        throw InputError("--steps takes a whole number of training steps from 1 to 1000000; got '" + v + "'");
    return static_cast<std::size_t>(n);
}

void cap_steps(encoder_decoder_lab::Setup& s, std::size_t cap) {
    if (cap != 0) s.train.max_steps = std::min(s.train.max_steps, cap);
}

void step_tasks(const encoder_decoder_lab::Setup& rev, const encoder_decoder_lab::Setup& tr) {
    print_step(std::cout, 1, "Two tasks, generated in code");
    std::printf("reversal: %zu training sequences, %zu for validation, %zu held out (no sequence in two sets)\n",
                rev.task.train.size(), rev.task.validation.size(), rev.task.held_out.size());
    for (std::size_t i = 0; i < 2; ++i)
        std::printf("  %s  ->  %s\n", rev.task.vocab.decode(rev.task.train[i].source).c_str(),
                    rev.task.vocab.decode(rev.task.train[i].target).c_str());
    std::printf("translation: %zu training sentences, %zu for validation, %zu held out; %llu words in all\n",
                tr.task.train.size(), tr.task.validation.size(), tr.task.held_out.size(),
                static_cast<unsigned long long>(tr.task.vocab.size() - 2));
    for (std::size_t i = 0; i < 4; ++i)
        std::printf("  %s  ->  %s\n", tr.task.vocab.decode(tr.task.train[i].source).c_str(),
                    tr.task.vocab.decode(tr.task.train[i].target).c_str());
}

void step_model(const encoder_decoder_lab::Setup& rev, bool mine) {
    print_step(std::cout, 2, "The model, assembled from chapters 02-12");
    model::Model m(rev.config);
    std::printf("configuration (reversal): %s\n", model::describe(rev.config).c_str());
    std::printf("heads: %llu, each of width d_k = %llu (d_model / h)\n",
                static_cast<unsigned long long>(rev.config.heads), static_cast<unsigned long long>(rev.config.d_k));
    std::printf("parameters: %zu in %zu tensors\n", m.parameter_count(), m.tensors().size());
    std::printf("training: batches of %zu, Adam at learning_rate(t, %g, %ld): a warm-up over %ld steps, then 1 / sqrt(t)\n",
                rev.train.batch_size, rev.train.adam.learning_rate, rev.train.adam.warmup_steps,
                rev.train.adam.warmup_steps);
    std::printf("it runs on %s functions:\n", mine ? "YOUR" : "the reference");
    std::printf("  positions       positional_encoding, add_positions (08)\n");
    std::printf("  attention       multi_head_attention, split_heads, concat_heads (09), on project (02),\n");
    std::printf("                  scaled_dot_product_attention (06) and causal_mask (07)\n");
    std::printf("  blocks          layer_norm, layer_norm_backward, feed_forward, encoder_block, decoder_block (10)\n");
    std::printf("  training        cross_entropy, softmax_rows_backward, attention_backward, adam_step,\n");
    std::printf("                  learning_rate (11)\n");
    std::printf("  decoding        teacher_forcing, greedy_decode, beam_search (12)\n");
    std::printf("and on code of the model's own (src/model/): the embedding lookup and the output layer,\n"
                "  forward and backward; the backward passes of the projections and W_o and of the\n"
                "  feed-forward layer; the bookkeeping of a batch of sequences of different lengths\n");
}

void step_gradient_check(const encoder_decoder_lab::Setup& tr) {
    print_step(std::cout, 3, "Is the backward pass right? Central differences on every tensor");
    model::Config c;
    c.d_model = 8;
    c.heads = 2;
    c.d_k = 3;  // h d_k = 6 != d_model on purpose
    c.d_v = 5;
    c.d_ff = 12;
    c.layers = 2;
    c.vocab = tr.task.vocab.size();
    c.seed = 3;
    model::Model small(c);
    model::Batch batch;
    batch.examples.assign(tr.task.train.begin(), tr.task.train.begin() + 3);
    const auto checks = model::gradient_check(small, batch, 1e-5);  // every entry of every tensor
    const auto worst = std::max_element(checks.begin(), checks.end(), [](const auto& a, const auto& b) {
        return a.relative_error < b.relative_error;
    });
    std::size_t entries = 0;
    for (const auto& g : checks) entries += g.entries;
    std::printf("small model: %s\n", model::describe(c).c_str());
    std::printf("tensors checked: %zu of %zu; entries checked: %zu of %zu, each moved by +-1e-5\n", checks.size(),
                small.tensors().size(), entries, small.parameter_count());
    std::printf("every relative error below 1e-6: %s\n", worst->relative_error < 1e-6 ? "yes" : "NO");
}

struct Trained {
    model::Model model;
    model::TrainingLog log;
    double held_out = 0;
};

Trained train_task(const encoder_decoder_lab::Setup& s, const std::string& label) {
    Trained t{model::Model(s.config), {}, 0};
    encoder_decoder_lab::ProgressBar bar(label, s.train.max_steps, s.train.eval_every * 2);
    t.log = model::train(t.model, s.task, s.train, std::ref(bar));
    bar.finish();
    std::printf("training stops when greedy decoding gets %s of %zu validation examples exactly right\n",
                percent(s.train.target_accuracy).c_str(), std::min(s.train.eval_examples, s.task.validation.size()));
    std::printf("target reached: %s\n", t.log.reached_target ? "yes" : "NO");
    const double training = t.log.seconds - t.log.eval_seconds;
    std::printf("steps: %zu in %.1f s, %.0f steps per second (plus %.1f s checking the validation set)\n", t.log.steps,
                training, t.log.steps / std::max(training, 1e-9), t.log.eval_seconds);
    t.held_out = model::exact_match(t.model, s.task.held_out, s.task.max_target_length + 2);
    std::printf("held-out exact match (greedy, %llu heads): %s of %zu never-seen examples\n",
                static_cast<unsigned long long>(s.config.heads), percent(t.held_out).c_str(), s.task.held_out.size());
    return t;
}

void show(model::Model& model, const tasks::Task& task, const tasks::Example& e) {
    const tasks::Tokens out = model.translate(e.source, task.max_target_length + 2);
    std::printf("  %-34s ->  %-34s %s\n", task.vocab.decode(e.source).c_str(), task.vocab.decode(out).c_str(),
                out == e.target ? "(right)" : ("(expected: " + task.vocab.decode(e.target) + ")").c_str());
}

plot::Figure heatmap(const std::string& title, model::Model& model, const tasks::Task& task,
                     const tasks::Example& e) {
    const std::vector<arma::mat> cross = model.attention_maps(e).cross;  // one per head
    tasks::Tokens produced = e.target;
    produced.push_back(tasks::Vocabulary::kEnd);
    return encoder_decoder_lab::cross_attention_figure(title, cross, encoder_decoder_lab::words(task.vocab, produced),
                                                       encoder_decoder_lab::words(task.vocab, e.source));
}

// Greedy decoding against beam search on the first held-out examples.
void compare_beams(const model::Model& model, const tasks::Task& task) {
    const std::size_t n = std::min<std::size_t>(kBeamExamples, task.held_out.size());
    const std::size_t max_len = task.max_target_length + 2;
    std::size_t greedy_right = 0, beam_right = 0, differ = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const tasks::Example& e = task.held_out[i];
        const tasks::Tokens greedy = model.translate_beam(e.source, max_len, 1);  // beam 1 is greedy decoding
        const tasks::Tokens beam = model.translate_beam(e.source, max_len, 4);
        greedy_right += greedy == e.target;
        beam_right += beam == e.target;
        differ += greedy != beam;
    }
    std::printf("beam search on the first %zu held-out examples: beam 1 (greedy) %s, beam 4 %s exactly right; "
                "the answers differ on %zu\n",
                n, percent(static_cast<double>(greedy_right) / n).c_str(),
                percent(static_cast<double>(beam_right) / n).c_str(), differ);
}

// Length normalisation: on a table small enough to follow, then on the model that is
// still unsure (where the plain sum's preference for short outputs could show).
void compare_length_normalisation(const model::Model& unsure, const tasks::Task& task) {
    using Table = encoder_decoder_lab::ShortOutputTable;
    const std::vector<model::FinishedOutput> outputs = model::beam_outputs(Table{}, 0, 1, 6, 2);
    for (const double alpha : {0.0, 1.0}) {
        const model::FinishedOutput* best = &outputs.front();
        for (const auto& o : outputs)
            if (o.normalised(alpha) > best->normalised(alpha)) best = &o;
        std::string said;
        for (const auto t : best->tokens) said += std::string(Table::word(t)) + " ";
        std::printf("  on a small table, beam 2 ranked by %s picks \"%s</s>\": probability %.4f over %zu tokens, "
                    "%.3f per token in log\n",
                    alpha == 0 ? "the plain sum     " : "the sum / length  ", said.c_str(),
                    std::exp(best->log_probability), best->length, best->log_probability / best->length);
    }
    const std::size_t n = std::min<std::size_t>(kBeamExamples, task.held_out.size());
    const std::size_t max_len = task.max_target_length + 2;
    for (const double alpha : {0.0, 1.0}) {
        std::size_t right = 0, shorter = 0, longer = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const tasks::Example& e = task.held_out[i];
            const tasks::Tokens out = unsure.translate_normalised(e.source, max_len, 4, alpha);
            right += out == e.target;
            shorter += out.size() < e.target.size();
            longer += out.size() > e.target.size();
        }
        std::printf("  the unsure model, beam 4, alpha %.0f: %s exactly right; %zu outputs shorter than their "
                    "target, %zu longer\n",
                    alpha, percent(static_cast<double>(right) / n).c_str(), shorter, longer);
    }
}

Trained step_reversal(const encoder_decoder_lab::Setup& s, plot::Plotter& plotter) {
    print_step(std::cout, 4, "Train: reverse 8 digits");
    Trained t = train_task(s, "reversal");
    for (std::size_t i = 0; i < 3; ++i) show(t.model, s.task, s.task.held_out[i]);
    const tasks::Example& e = s.task.held_out[0];
    const std::vector<arma::mat> cross = t.model.attention_maps(e).cross;
    std::printf("cross-attention of the first example, weight on the mirrored digit:");
    for (std::size_t h = 0; h < cross.size(); ++h)
        std::printf("%s head %zu %s", h ? "," : "", h, percent(encoder_decoder_lab::mirror_share(cross[h])).c_str());
    std::printf("\n");
    compare_beams(t.model, s.task);
    plotter.save("12_reversal_cross_attention",
                 heatmap("Cross-attention per head while reversing " + s.task.vocab.decode(e.source), t.model, s.task, e));
    return t;
}

// The first held-out sentence whose object has an adjective that follows the noun in French.
const tasks::Example& reordering_example(const tasks::Task& task) {
    for (const auto& e : task.held_out) {
        const std::string en = task.vocab.decode(e.source);
        for (const char* adj : {" red ", " black ", " green ", " blue "})
            if ((en + " ").find(adj) != std::string::npos && en.rfind("the", 0) == 0) return e;
    }
    return task.held_out.front();
}

Trained step_translation(const encoder_decoder_lab::Setup& s, plot::Plotter& plotter, std::size_t cap) {
    print_step(std::cout, 5, "Train: English -> French");
    Trained t = train_task(s, "translation");
    show(t.model, s.task, s.task.held_out[0]);  // "I love LLMs", held out on purpose
    for (std::size_t i = 1; i < 6; ++i) show(t.model, s.task, s.task.held_out[i]);
    compare_beams(t.model, s.task);
    // Beam search helps where the model is still unsure: the same run stopped early.
    encoder_decoder_lab::Setup early = s;
    early.train.max_steps = cap != 0 ? std::min(kEarlySteps, cap) : kEarlySteps;
    early.train.eval_every = 0;
    model::Model unsure(early.config);
    model::train(unsure, early.task, early.train, {});
    std::printf("the same training stopped after %zu steps, still unsure of itself:\n", early.train.max_steps);
    compare_beams(unsure, early.task);
    std::printf("length normalisation (the model's own beam search, decoding.hpp):\n");
    compare_length_normalisation(unsure, early.task);
    const tasks::Example& e = reordering_example(s.task);
    plotter.save("12_translation_cross_attention",
                 heatmap("Cross-attention per head: " + s.task.vocab.decode(e.source), t.model, s.task, e));
    std::printf("heatmap sentence: %s -> %s\n", s.task.vocab.decode(e.source).c_str(),
                s.task.vocab.decode(e.target).c_str());
    return t;
}

void step_checkpoint(Trained& t, const encoder_decoder_lab::Setup& s, const std::string& path, bool mine) {
    print_step(std::cout, 6, "Save, load, translate again");
    fs::create_directories(fs::path(path).parent_path().empty() ? fs::path(".") : fs::path(path).parent_path());
    model::save_checkpoint(path, s.task.name, t.model, s.task.vocab, model::provenance_now(mine));
    const model::Checkpoint c = model::load_checkpoint(path);
    model::require_compatible(c, s.task.name, s.task.vocab, s.config);
    model::Model loaded = model::model_from(c);
    bool same = true;
    for (std::size_t i = 0; i < 50; ++i) {
        const auto& src = s.task.held_out[i].source;
        same = same && loaded.translate(src, 12) == t.model.translate(src, 12);
    }
    std::printf("saved and loaded back: %s (%s)\n", fs::path(path).filename().string().c_str(),
                mine ? "your model" : "the reference's model");
    std::printf("the loaded model translates 50 held-out sentences exactly as the trained one: %s\n",
                same ? "yes" : "NO");
    std::printf("translate your own sentence: %s --translate \"the small dog finds a red apple\"\n",
                run_command(mine).c_str());
}

// Before training: what is at the file the run will save to. A file that is not
// a checkpoint, or the other side's checkpoint, stops the run (InputError); one
// that does not say whose it is is kept under a new name.
void prepare_destination(const std::string& path, bool mine) {
    if (encoder_decoder_lab::check_destination(path, mine) != encoder_decoder_lab::Destination::unrecorded) return;
    const std::string kept = encoder_decoder_lab::keep_aside(path);
    std::printf("(%s does not say whose model it holds, so it is kept as %s; this run saves a new one)\n",
                path.c_str(), fs::path(kept).filename().string().c_str());
}

// ./course run 12 --translate "..."
void translate_only(const ChapterOptions& o) {
    const std::string path = checkpoint_path(o);
    if (!fs::exists(path))
        throw InputError("no saved model at " + path + " yet: run " + run_command(o.mine) +
                         " once (it trains and saves one)");
    const model::Checkpoint c = model::load_checkpoint(path);
    if (c.task != "translation")
        throw InputError("checkpoint " + path + " is for task '" + c.task + "', not 'translation'");
    // Another model size would load, and translate nonsense.
    try {
        const encoder_decoder_lab::Setup expected = encoder_decoder_lab::translation_setup();
        model::require_compatible(c, expected.task.name, expected.task.vocab, expected.config);
    } catch (const InputError& e) {
        throw InputError("checkpoint " + path + " does not fit chapter 12's translation model: " + e.what());
    }
    model::Model model = model::model_from(c);
    const tasks::Tokens source = encoder_decoder_lab::encode_english(c.vocab, o.values.at("--translate"));
    if (source.empty()) throw InputError("--translate needs a sentence, e.g. \"she loves the red car\"");
    std::printf("translating with %s: %s\n", encoder_decoder_lab::describe_provenance(c.provenance, path).c_str(),
                path.c_str());
    const tasks::Tokens out = model.translate(source, 2 * source.size() + 4);
    std::printf("%s  ->  %s\n", c.vocab.decode(source).c_str(), c.vocab.decode(out).c_str());
    try {
        const std::string rule = tasks::translate_by_rule(c.vocab.decode(source));
        std::printf("the grammar's own translation: %s (%s)\n", rule.c_str(),
                    rule == c.vocab.decode(out) ? "the model agrees" : "the model differs");
    } catch (const InputError&) {
        std::printf("(not a sentence of the toy grammar, so the model is guessing)\n");
    }
}

}  // namespace

int main(int argc, char** argv) {
    // Opt in to attn_perf's settings for training (perf/): OpenBLAS on one
    // thread (the model's products are small) and glibc keeping freed memory.
    // They change how fast the model runs, never what it computes; the model
    // itself (src/model/) is plain single-threaded Armadillo.
    perf::tune_for_training();
    return run_chapter(
        argc, argv, "chapters/12_encoder_decoder/README.md",
        [](const ChapterOptions& o, plot::Plotter& plotter) {
            if (o.values.count("--translate")) {
                translate_only(o);
                return;
            }
            const std::string save_to = checkpoint_path(o);  // a bad --checkpoint is refused before training
            const std::size_t cap = step_cap(o);  // refused before any work, like --checkpoint
            const bool saves = cap == 0 || o.values.count("--checkpoint");
            if (saves) prepare_destination(save_to, o.mine);
            encoder_decoder_lab::Setup rev = encoder_decoder_lab::reversal_setup();
            encoder_decoder_lab::Setup tr = encoder_decoder_lab::translation_setup();
            cap_steps(rev, cap);
            cap_steps(tr, cap);
            if (cap != 0)
                std::printf("(--steps %zu: each training stops after at most %zu steps, so the figures below are "
                            "not the README's)\n", cap, cap);
            step_tasks(rev, tr);
            step_model(rev, o.mine);
            step_gradient_check(tr);
            Trained r = step_reversal(rev, plotter);
            Trained t = step_translation(tr, plotter, cap);
            plotter.save("12_loss_curves", encoder_decoder_lab::loss_figure(r.log, t.log));
            if (!saves) {
                // a short run must not replace the model a full run saved
                print_step(std::cout, 6, "Save, load, translate again");
                std::printf("skipped with --steps: a short run does not replace %s (--checkpoint FILE saves it "
                            "elsewhere)\n", save_to.c_str());
                return;
            }
            step_checkpoint(t, tr, save_to, o.mine);
        },
        {"--translate", "--checkpoint", "--steps"}, {"--translate"});
}
