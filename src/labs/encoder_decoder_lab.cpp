#include "labs/encoder_decoder_lab.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

#include "core/errors.hpp"

namespace attn::encoder_decoder_lab {

namespace fs = std::filesystem;

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

const char* ShortOutputTable::word(arma::uword token) {
    static const char* const names[kTokens] = {"<s>", "</s>", "a", "b", "c"};
    return token < kTokens ? names[token] : "?";
}

arma::rowvec ShortOutputTable::operator()(const std::vector<arma::uword>& prefix) const {
    using Row = std::vector<double>;  // probabilities of <s>, </s>, a, b, c
    static const std::vector<std::pair<std::vector<arma::uword>, Row>> table = {
        {{0}, {0, 0, 0.5, 0.45, 0.05}},
        {{0, 2}, {0, 0.6, 0, 0.2, 0.2}},
        {{0, 3}, {0, 0.1, 0.1, 0, 0.8}},
        {{0, 3, 4}, {0, 0.1, 0.8, 0.1, 0}},
        {{0, 3, 4, 2}, {0, 0.9, 0, 0.05, 0.05}},
    };
    Row p = {0, 0.9, 0.05, 0.025, 0.025};  // any other prefix: most likely ends
    for (const auto& [key, row] : table)
        if (key == prefix) p = row;
    arma::rowvec s(kTokens);
    for (arma::uword t = 0; t < kTokens; ++t) s(t) = std::log(p[t] > 0 ? p[t] : 1e-6);
    return s;
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
        h.title = "head " + std::to_string(i);  // from 0, as chapter 09 and C++ count
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

// ---------------------------------------------------------------- checkpoints

std::string default_checkpoint(const std::string& plots_dir, bool mine) {
    fs::path plots = fs::path(plots_dir).lexically_normal();
    if (!plots.has_filename() && plots.has_parent_path()) plots = plots.parent_path();  // "plots/" is "plots"
    const fs::path parent = plots.parent_path();  // empty for "plots": checkpoints/ beside it
    return (parent / "checkpoints" / (mine ? "12_translation_mine.ckpt" : "12_translation.ckpt")).string();
}

namespace {

// "2025-06-01T10:22:03Z" -> "2025-06-01 10:22 UTC"
std::string readable_utc(const std::string& stamp) {
    if (stamp.size() < 16) return stamp;
    return stamp.substr(0, 10) + " " + stamp.substr(11, 5) + " UTC";
}

std::string whose(const model::Provenance& p) {
    return p.trained_by == "learner" ? "the model trained on your functions" : "the reference's model";
}

}  // namespace

Destination check_destination(const std::string& path, bool mine) {
    std::error_code ec;
    const fs::file_status st = fs::symlink_status(path, ec);
    if (ec || st.type() == fs::file_type::not_found) return Destination::free;
    const std::string rename = "; give --checkpoint another file name";
    if (st.type() != fs::file_type::regular)
        throw InputError("checkpoint " + path + " is not a regular file (a directory, a link or a device), so a "
                         "training run cannot save there and did not start" + rename);
    if (!model::looks_like_checkpoint(path))
        throw InputError("checkpoint " + path + " is a file of yours that is not a checkpoint of this course; a "
                         "training run would replace it, so it did not start" + rename);
    model::Checkpoint c;
    try {
        c = model::load_checkpoint(path);
    } catch (const InputError&) {
        return Destination::unrecorded;  // a damaged or older checkpoint: whose it is cannot be told
    }
    if (!c.provenance.recorded()) return Destination::unrecorded;
    const bool learners = c.provenance.trained_by == "learner";
    if (learners == mine) return Destination::same;
    throw InputError("checkpoint " + path + " holds " + whose(c.provenance) + " (saved " +
                     readable_utc(c.provenance.saved_at) + "); this run on " +
                     (mine ? "your functions" : "the reference") + " would replace it, so it did not start" + rename +
                     ", or remove that file first");
}

std::string keep_aside(const std::string& path) {
    for (int n = 1; n < 1000; ++n) {
        const std::string kept = path + ".kept-" + std::to_string(n);
        if (::link(path.c_str(), kept.c_str()) == 0) {
            if (::unlink(path.c_str()) != 0) {
                const std::string why = std::strerror(errno);
                ::unlink(kept.c_str());
                throw InputError("checkpoint " + path + ": could not be moved aside (" + why + "); nothing was changed");
            }
            return kept;
        }
        if (errno != EEXIST)
            throw InputError("checkpoint " + path + ": could not be kept as " + kept + " (" + std::strerror(errno) +
                             "); nothing was changed");
    }
    throw InputError("checkpoint " + path + ": 999 kept copies exist already (" + path +
                     ".kept-N); remove some of them");
}

std::string describe_provenance(const model::Provenance& p, const std::string& path) {
    if (p.recorded())
        return (p.trained_by == "learner" ? std::string("your model (trained on your functions)")
                                          : std::string("the reference's model (trained on the reference solutions)")) +
               ", saved " + readable_utc(p.saved_at);
    std::string changed = "unknown";
    struct stat st;
    if (::stat(path.c_str(), &st) == 0) {
        std::tm utc{};
        gmtime_r(&st.st_mtime, &utc);
        char when[40];
        std::strftime(when, sizeof when, "%Y-%m-%d %H:%M UTC", &utc);
        changed = when;
    }
    return "a model that does not record whose it is or when it was trained (an older version of the course saved "
           "it); the file was last changed " + changed;
}

tasks::Tokens encode_english(const tasks::Vocabulary& vocab, const std::string& sentence) {
    const std::vector<std::string>& english = tasks::english_words();
    const auto lower = [](std::string w) {
        for (auto& ch : w) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        return w;
    };
    std::string known;
    for (const auto& w : english) known += (known.empty() ? "" : " ") + w;
    std::istringstream in(sentence);
    for (std::string w; in >> w;) {
        if (w == vocab.word(tasks::Vocabulary::kBegin) || w == vocab.word(tasks::Vocabulary::kEnd))
            break;  // Vocabulary::encode says what these are
        const bool is_english = std::any_of(english.begin(), english.end(),
                                            [&](const std::string& e) { return lower(e) == lower(w); });
        if (is_english) continue;
        if (vocab.contains(w))
            throw InputError("'" + w + "' is French; the model translates from English (it knows these English words: " +
                             known + ")");
        throw InputError("'" + w + "' is not a word this model knows (it knows these English words: " + known + ")");
    }
    return vocab.encode(sentence);
}

}  // namespace attn::encoder_decoder_lab
