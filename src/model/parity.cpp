// parity.cpp: chapter 12's model against PyTorch's answers on the same weights:
// the inputs both sides read, the reference PyTorch wrote, and the comparison
// (see parity.hpp for the files' formats).
//
// src/model/ compiles as one unity unit, so this file's helpers live in a
// namespace of their own (parity_text): checkpoint.cpp's anonymous helpers
// share the unit.
#include "model/parity.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>

#include "core/bounded_read.hpp"
#include "core/errors.hpp"
#include "core/shape.hpp"

namespace attn::model {

namespace parity_text {

constexpr const char* kBatchMagic = "attention-by-hand parity batch 1";
constexpr const char* kReferenceMagic = "attention-by-hand parity reference 1";
constexpr const char* kSealMark = "\nend fnv1a64 ";
// The committed files take a few hundred KiB; 64 MiB is the course's limit for any file it reads.
constexpr std::size_t kMaxBytes = 64u << 20;

// A file's text, read within the course's limit; refused at once when its first
// line is not `magic` (the check is on the first line, before the rest is read).
std::string read_text(const std::string& path, const std::string& label, const std::string& magic,
                      const std::string& kind) {
    io::ReadLimit limit;
    limit.max_bytes = kMaxBytes;
    limit.purpose = "the parity files take well under 1 MiB";
    limit.kind = kind;
    const auto header = [&](const std::string& line, bool) {
        if (line != magic)
            throw InputError(label + ": is not a " + kind + " of this course (its first line should be '" + magic +
                             "')");
    };
    return io::read_file(path, label, limit, header);
}

// A checkpoint's text, read within the course's limit (parse_checkpoint checks the rest).
std::string checkpoint_text(const std::string& path) {
    io::ReadLimit limit;
    limit.max_bytes = kMaxBytes;
    limit.kind = "checkpoint";
    return io::read_file(path, "checkpoint " + path, limit);
}

// The text before the closing checksum line, once that line is there and matches
// (the same seal as a checkpoint's: seal_checkpoint). `checksum` gets its value.
std::string unseal(const std::string& text, const std::string& label, std::string& checksum) {
    const std::size_t end_at = text.rfind(kSealMark);
    if (end_at == std::string::npos || text.back() != '\n')
        throw InputError(label + ": is truncated (the closing checksum line is missing)");
    std::string body = text.substr(0, end_at + 1);
    if (seal_checkpoint(body) != text)
        throw InputError(label + ": is corrupt (its checksum does not match its contents)");
    checksum = text.substr(end_at + std::char_traits<char>::length(kSealMark));
    checksum.pop_back();  // the final '\n'
    return body;
}

// The lines of a sealed body, one at a time, comment lines ('#') skipped; every
// error names the file and the line.
class Lines {
public:
    Lines(std::string label, const std::string& body) : label_(std::move(label)), in_(body) {}

    // The next line's words; fails with "ends too early" when there is none.
    std::istringstream next(const std::string& expected) {
        if (!advance()) fail_at_end(expected);
        return std::istringstream(line_);
    }
    // The next line's first word, without consuming the line ("" at the end).
    std::string peek_key() {
        if (!pending_ && !(pending_ = advance())) return "";
        std::istringstream l(line_);
        std::string key;
        l >> key;
        return key;
    }
    bool at_end() { return peek_key().empty() && !pending_; }
    [[noreturn]] void fail(const std::string& what) const {
        throw InputError(label_ + ": line " + std::to_string(number_) + ": " + what);
    }
    [[noreturn]] void fail_at_end(const std::string& expected) const {
        throw InputError(label_ + ": ends too early after line " + std::to_string(number_) + " (expected " +
                         expected + ")");
    }

private:
    bool advance() {
        if (pending_) {
            pending_ = false;
            return true;
        }
        while (std::getline(in_, line_)) {
            ++number_;
            if (!line_.empty() && line_[0] != '#') return true;
        }
        return false;
    }
    std::string label_;
    std::istringstream in_;
    std::string line_;
    int number_ = 0;
    bool pending_ = false;  // line_ was looked at by peek_key, not yet consumed
};

// A whole finite number (decimal or hexadecimal floating point), or a failure naming the line.
double number_of(const std::string& token, Lines& lines) {
    char* end = nullptr;
    const double v = std::strtod(token.c_str(), &end);
    if (token.empty() || end != token.c_str() + token.size()) lines.fail("'" + token + "' is not a number");
    if (!std::isfinite(v)) lines.fail("'" + token + "' is not a finite number");
    return v;
}

// Token ids up to the end of the line (or up to "->"), each inside the vocabulary.
tasks::Tokens tokens_of(std::istringstream& l, Lines& lines, arma::uword vocab, bool stop_at_arrow = false) {
    tasks::Tokens out;
    std::string t;
    while (l >> t) {
        if (stop_at_arrow && t == "->") break;
        if (t.find_first_not_of("0123456789") != std::string::npos || t.size() > 9)
            lines.fail("'" + t + "' is not a token id");
        const arma::uword id = std::stoul(t);
        if (id >= vocab)
            lines.fail("token " + t + " is outside the vocabulary of " + std::to_string(vocab) + " (model.ckpt)");
        out.push_back(id);
    }
    return out;
}

// The shortest decimal that reads back as exactly `v`.
std::string exact(double v) {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

std::string joined(const tasks::Tokens& t) {
    std::string s;
    for (std::size_t i = 0; i < t.size(); ++i) s += (i ? " " : "") + std::to_string(t[i]);
    return s;
}

// A number for a message: enough digits to see where two doubles part.
std::string shown(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}
std::string short_number(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.2g", v);
    return buf;
}

// ROWS lines of COLS numbers, after a "tensor" line already read.
arma::mat matrix_of(Lines& lines, arma::uword rows, arma::uword cols, const std::string& what) {
    arma::mat M(rows, cols);  // (rows, cols), every entry read below
    for (arma::uword r = 0; r < rows; ++r) {
        auto l = lines.next("row " + std::to_string(r) + " of " + what);
        std::string token;
        for (arma::uword c = 0; c < cols; ++c) {
            if (!(l >> token)) lines.fail(what + " row " + std::to_string(r) + " has too few numbers");
            M(r, c) = number_of(token, lines);
        }
        if (l >> token) lines.fail(what + " row " + std::to_string(r) + " has too many numbers");
    }
    return M;
}

// "tensor KIND NAME TORCH_NAME ROWS COLS" with these kind, name and shape; returns TORCH_NAME.
std::string tensor_header(Lines& lines, const std::string& kind, const std::string& name, arma::uword rows,
                          arma::uword cols) {
    const std::string expected = "'tensor " + kind + " " + name + " ...'";
    auto l = lines.next(expected);
    std::string key, k, n, torch_name;
    arma::uword r = 0, c = 0;
    if (!(l >> key >> k >> n >> torch_name >> r >> c) || key != "tensor")
        lines.fail("expected " + expected + " (tensor KIND NAME TORCH_NAME ROWS COLS)");
    if (k != kind || n != name) lines.fail("expected " + expected + ", found 'tensor " + k + " " + n + " ...'");
    if (r != rows || c != cols)
        lines.fail(kind + " " + name + " is " + to_string(Shape{r, c}) + ", the model needs " +
                   to_string(Shape{rows, cols}));
    return torch_name;
}

arma::uword decoder_rows(const Batch& batch) {
    arma::uword n = 0;
    for (const auto& e : batch.examples) n += e.target.size() + 1;  // teacher forcing: <s> y_1 .. y_n
    return n;
}

}  // namespace parity_text

// ---------------------------------------------------------------- the inputs

ParityInputs make_parity_inputs() {
    // A translation task: its sentences differ in length, so the batch's sequences
    // are cut apart (Segments) and cross-attention is never square.
    const tasks::Task task = tasks::translation(40, 3, 29);
    Config c;
    c.d_model = 8;
    c.heads = 2;
    c.d_k = 3;  // h d_k = 6 != d_model: a wiring that assumed d_model / h would show
    c.d_v = 5;
    c.d_ff = 10;
    c.layers = 2;  // stacked blocks: the gradient must pass through a whole block
    c.vocab = task.vocab.size();
    c.seed = 12;
    const Model model(c);  // the course's initial weights
    ParityInputs in;
    in.weights.task = task.name;
    in.weights.config = c;
    in.weights.vocab = task.vocab;
    for (const Tensor& t : model.tensors()) in.weights.tensors.push_back(Tensor{t.name, t.value, {}, {}, {}});
    in.batch.examples.assign(task.train.begin(), task.train.begin() + 4);
    for (const auto& e : task.held_out) in.decode_sources.push_back(e.source);
    in.max_len = task.max_target_length + 2;  // chapter 12's limit for its decodes
    in.beam = 4;
    in.adam = AdamSettings{};  // chapter 12 trains with the defaults
    return in;
}

void save_parity_inputs(const std::string& dir, ParityInputs& in) {
    using namespace parity_text;
    const std::string ckpt = dir + "/model.ckpt", batch = dir + "/batch.txt";
    save_checkpoint(ckpt, in.weights.task, model_from(in.weights), in.weights.vocab);
    unseal(checkpoint_text(ckpt), "checkpoint " + ckpt, in.weights_checksum);  // as saved

    const tasks::Vocabulary& v = in.weights.vocab;
    std::ostringstream out;
    out << kBatchMagic << "\n"
        << "# What bench/parity.py runs PyTorch's model on, with the weights of model.ckpt, and what\n"
        << "# tests/parity/ runs ours on: made by `parity export` (tools/parity/), see src/model/parity.hpp.\n"
        << "# Token ids of model.ckpt's vocabulary (the words are in the comments).\n";
    const AdamSettings& a = in.adam;
    out << "adam learning_rate " << exact(a.learning_rate) << " beta1 " << exact(a.beta1) << " beta2 "
        << exact(a.beta2) << " epsilon " << exact(a.epsilon) << " warmup_steps " << a.warmup_steps << "\n";
    out << "decode max_len " << in.max_len << " beam " << in.beam << "\n";
    for (const auto& e : in.batch.examples)
        out << "# " << v.decode(e.source) << " -> " << v.decode(e.target) << "\n"
            << "example " << joined(e.source) << " -> " << joined(e.target) << "\n";
    for (const auto& s : in.decode_sources) out << "# " << v.decode(s) << "\n" << "source " << joined(s) << "\n";
    const std::string text = seal_checkpoint(out.str());
    std::ofstream f(batch, std::ios::binary | std::ios::trunc);
    f << text;
    f.close();
    if (!f) throw InputError("parity batch " + batch + ": cannot be written");
    in.batch_checksum = text.substr(text.rfind(kSealMark) + std::char_traits<char>::length(kSealMark), 16);
}

ParityInputs load_parity_inputs(const std::string& dir) {
    using namespace parity_text;
    ParityInputs in;
    const std::string ckpt = dir + "/model.ckpt", batch = dir + "/batch.txt";
    {
        // read once: parse_checkpoint's checks (and messages) are a checkpoint's own
        const std::string text = checkpoint_text(ckpt);
        in.weights = parse_checkpoint(text, ckpt);
        unseal(text, "checkpoint " + ckpt, in.weights_checksum);
    }
    const std::string label = "parity batch " + batch;
    Lines lines(label, unseal(read_text(batch, label, kBatchMagic, "parity batch file"), label, in.batch_checksum));
    lines.next("the magic line");
    const arma::uword vocab = in.weights.config.vocab;
    {
        auto l = lines.next("'adam ...'");
        std::string key, name, value;
        l >> key;
        if (key != "adam") lines.fail("expected 'adam learning_rate .. beta1 .. beta2 .. epsilon .. warmup_steps ..'");
        int seen = 0;
        while (l >> name >> value) {
            ++seen;
            if (name == "learning_rate") in.adam.learning_rate = number_of(value, lines);
            else if (name == "beta1") in.adam.beta1 = number_of(value, lines);
            else if (name == "beta2") in.adam.beta2 = number_of(value, lines);
            else if (name == "epsilon") in.adam.epsilon = number_of(value, lines);
            else if (name == "warmup_steps") in.adam.warmup_steps = static_cast<long>(number_of(value, lines));
            else lines.fail("unknown Adam setting '" + name + "'");
        }
        if (seen != 5 || in.adam.warmup_steps < 1)
            lines.fail("expected five Adam settings (learning_rate beta1 beta2 epsilon warmup_steps >= 1)");
    }
    {
        auto l = lines.next("'decode max_len N beam B'");
        std::string key, k1, k2;
        long long max_len = -1, beam = 0;
        if (!(l >> key >> k1 >> max_len >> k2 >> beam) || key != "decode" || k1 != "max_len" || k2 != "beam" ||
            max_len < 1 || max_len > 64 || beam < 1 || beam > 64)
            lines.fail("expected 'decode max_len N beam B' with N and B from 1 to 64");
        in.max_len = static_cast<std::size_t>(max_len);
        in.beam = static_cast<std::size_t>(beam);
    }
    while (lines.peek_key() == "example") {
        auto l = lines.next("an example");
        std::string key;
        l >> key;
        tasks::Example e;
        e.source = tokens_of(l, lines, vocab, /*stop_at_arrow=*/true);
        e.target = tokens_of(l, lines, vocab);
        if (e.source.empty()) lines.fail("an example needs a source ('example SOURCE -> TARGET')");
        in.batch.examples.push_back(std::move(e));
    }
    while (lines.peek_key() == "source") {
        auto l = lines.next("a source");
        std::string key;
        l >> key;
        in.decode_sources.push_back(tokens_of(l, lines, vocab));
        if (in.decode_sources.back().empty()) lines.fail("a source to decode needs at least one token");
    }
    if (!lines.at_end()) {
        lines.next("");
        lines.fail("expected 'example ...', then 'source ...' lines");
    }
    if (in.batch.examples.empty()) throw InputError(label + ": has no example (the batch needs at least one)");
    return in;
}

// ---------------------------------------------------------------- our side

ParityAnswers run_parity(const ParityInputs& in) {
    Model model = model_from(in.weights);
    ParityAnswers a;
    // the decodes on the initial weights, as PyTorch's are (before the Adam step)
    for (const tasks::Tokens& s : in.decode_sources) {
        a.greedy.push_back(model.translate(s, in.max_len));
        a.beam.push_back(model.translate_beam(s, in.max_len, in.beam));
    }
    a.loss = model.forward_backward(in.batch).loss;
    a.logits = model.last_logits();  // (T_tgt, n_vocab)
    for (const Tensor& t : model.tensors()) a.gradients.push_back(Tensor{t.name, t.grad, {}, {}, {}});
    Adam adam(in.adam);
    adam.step(model.tensors());
    for (const Tensor& t : model.tensors()) a.after_adam.push_back(Tensor{t.name, t.value, {}, {}, {}});
    return a;
}

// ---------------------------------------------------------------- PyTorch's side

ParityReference load_parity_reference(const std::string& path, const ParityInputs& in) {
    using namespace parity_text;
    const std::string label = "parity reference " + path;
    std::string checksum;
    Lines lines(label, unseal(read_text(path, label, kReferenceMagic, "parity reference"), label, checksum));
    lines.next("the magic line");
    ParityReference ref;
    {
        auto l = lines.next("'made-by ...'");
        std::string key;
        l >> key;
        std::getline(l >> std::ws, ref.made_by);
        if (key != "made-by" || ref.made_by.empty()) lines.fail("expected 'made-by WHAT' (what computed the reference)");
    }
    {
        auto l = lines.next("'inputs model.ckpt CHECKSUM batch.txt CHECKSUM'");
        std::string key, f1, c1, f2, c2;
        if (!(l >> key >> f1 >> c1 >> f2 >> c2) || key != "inputs" || f1 != "model.ckpt" || f2 != "batch.txt")
            lines.fail("expected 'inputs model.ckpt CHECKSUM batch.txt CHECKSUM'");
        if (c1 != in.weights_checksum || c2 != in.batch_checksum)
            throw InputError(label + ": was made from other inputs (model.ckpt " + c1 + ", batch.txt " + c2 +
                             "; these are " + in.weights_checksum + " and " + in.batch_checksum +
                             "): make it again with ./course verify --pytorch --save-fixture");
    }
    {
        auto l = lines.next("'loss NUMBER'");
        std::string key, value;
        if (!(l >> key >> value) || key != "loss") lines.fail("expected 'loss NUMBER'");
        ref.answers.loss = number_of(value, lines);
    }
    const Config& c = in.weights.config;
    {
        const arma::uword rows = decoder_rows(in.batch);
        tensor_header(lines, "logits", "batch", rows, c.vocab);
        ref.answers.logits = matrix_of(lines, rows, c.vocab, "logits");  // (T_tgt, n_vocab)
    }
    const std::vector<TensorShape> layout = tensor_layout(c);
    for (const TensorShape& t : layout) {  // every gradient, then every tensor after the Adam step
        ref.torch_names.push_back(tensor_header(lines, "gradient", t.name, t.rows, t.cols));
        ref.answers.gradients.push_back(Tensor{t.name, matrix_of(lines, t.rows, t.cols, "gradient " + t.name), {}, {}, {}});
    }
    for (const TensorShape& t : layout) {
        tensor_header(lines, "adam", t.name, t.rows, t.cols);
        ref.answers.after_adam.push_back(Tensor{t.name, matrix_of(lines, t.rows, t.cols, "adam " + t.name), {}, {}, {}});
    }
    for (const char* kind : {"greedy", "beam"}) {
        auto& into = std::string(kind) == "greedy" ? ref.answers.greedy : ref.answers.beam;
        for (std::size_t i = 0; i < in.decode_sources.size(); ++i) {
            auto l = lines.next(std::string("'") + kind + " TOKENS' for source " + std::to_string(i));
            std::string key;
            l >> key;
            if (key != kind) lines.fail(std::string("expected '") + kind + " TOKENS' for source " + std::to_string(i));
            into.push_back(tokens_of(l, lines, c.vocab));
        }
    }
    if (!lines.at_end()) {
        lines.next("");
        lines.fail("unexpected content after the last decode");
    }
    return ref;
}

// ---------------------------------------------------------------- the comparison

namespace parity_text {

// ours against theirs, relative to theirs' largest entry; with `base`, the
// change from base on both sides (an Adam step).
ParityCheck compare_tensor(const std::string& kind, const std::string& name, const std::string& torch_name,
                           const arma::mat& ours, const arma::mat& theirs, double tol, const arma::mat* base) {
    ParityCheck k;
    k.kind = kind;
    k.name = name;
    k.torch_name = torch_name;
    k.tolerance = tol;
    const std::string what = kind == "logits" ? "logits"
                             : "the " + kind + " of " + name +
                                   (torch_name.empty() || torch_name == name ? "" : " (PyTorch's " + torch_name + ")");
    const std::string verb = kind == "logits" ? " differ" : " differs";
    if (ours.n_rows != theirs.n_rows || ours.n_cols != theirs.n_cols) {
        k.difference = std::numeric_limits<double>::infinity();
        k.message = "parity: " + what + " has shape " + shape_of(ours) + ", PyTorch's " + shape_of(theirs);
        return k;
    }
    const arma::mat a = base ? arma::mat(ours - *base) : ours;     // (rows, cols)
    const arma::mat e = base ? arma::mat(theirs - *base) : theirs;  // (rows, cols)
    double scale = 0, worst = -1;
    for (arma::uword c = 0; c < a.n_cols; ++c)
        for (arma::uword r = 0; r < a.n_rows; ++r) {
            scale = std::max(scale, std::abs(e(r, c)));
            // a NaN of ours must count as the worst difference, not vanish in a comparison
            const double d = std::isfinite(a(r, c)) ? std::abs(a(r, c) - e(r, c)) : std::numeric_limits<double>::infinity();
            if (d > worst) worst = d, k.row = r, k.col = c;
        }
    if (a.n_elem == 0) worst = 0;
    k.difference = scale > 0 ? worst / scale : worst;  // an all-zero reference: the difference itself
    k.passed = k.difference <= tol;
    if (a.n_elem > 0) k.ours = a(k.row, k.col), k.theirs = e(k.row, k.col);
    if (!k.passed)
        k.message = "parity: " + what + verb + " from PyTorch's at (" + std::to_string(k.row) + ", " +
                    std::to_string(k.col) + "): " + (base ? "ours moved it by " : "ours ") + shown(k.ours) +
                    (base ? ", PyTorch's by " : ", PyTorch's ") + shown(k.theirs) + "; that is " +
                    short_number(k.difference) + " of the tensor's largest entry (" + short_number(scale) +
                    "), tolerance " + short_number(tol);
    return k;
}

ParityCheck compare_decode(const std::string& kind, std::size_t i, const tasks::Tokens& source,
                           const tasks::Tokens& ours, const tasks::Tokens& theirs) {
    ParityCheck k;
    k.kind = kind;
    k.name = "source " + std::to_string(i);
    k.passed = ours == theirs;
    k.difference = k.passed ? 0 : 1;
    const auto at = std::mismatch(ours.begin(), ours.end(), theirs.begin(), theirs.end());
    k.col = static_cast<arma::uword>(at.first - ours.begin());
    if (!k.passed)
        k.message = "parity: the " + kind + " of source " + std::to_string(i) + " (" + joined(source) +
                    ") differs from PyTorch's at token " + std::to_string(k.col) + ": ours {" + joined(ours) +
                    "}, PyTorch's {" + joined(theirs) + "}";
    return k;
}

}  // namespace parity_text

std::vector<ParityCheck> compare_parity(const ParityAnswers& ours, const ParityReference& ref, const ParityInputs& in) {
    using namespace parity_text;
    const ParityAnswers& theirs = ref.answers;
    std::vector<ParityCheck> out;
    out.push_back(compare_tensor("logits", "batch", "", ours.logits, theirs.logits, kParityLogitsTolerance, nullptr));
    {
        ParityCheck k;
        k.kind = "loss";
        k.name = "batch";
        k.tolerance = kParityLogitsTolerance;
        k.ours = ours.loss;
        k.theirs = theirs.loss;
        const double gap = std::abs(ours.loss - theirs.loss);
        k.difference = !std::isfinite(ours.loss) ? std::numeric_limits<double>::infinity()
                       : theirs.loss != 0         ? gap / std::abs(theirs.loss)
                                                  : gap;
        k.passed = k.difference <= k.tolerance;
        if (!k.passed)
            k.message = "parity: the loss differs from PyTorch's: ours " + shown(ours.loss) + ", PyTorch's " +
                        shown(theirs.loss) + "; relative difference " + short_number(k.difference) + ", tolerance " +
                        short_number(k.tolerance);
        out.push_back(k);
    }
    const std::size_t n = in.weights.tensors.size();
    if (ours.gradients.size() != n || ours.after_adam.size() != n || theirs.gradients.size() != n ||
        theirs.after_adam.size() != n || ref.torch_names.size() != n)
        throw InputError("compare_parity: both sides need every one of the model's " + std::to_string(n) +
                         " tensors, gradient and Adam step");
    for (std::size_t i = 0; i < n; ++i)
        out.push_back(compare_tensor("gradient", in.weights.tensors[i].name, ref.torch_names[i],
                                     ours.gradients[i].value, theirs.gradients[i].value, kParityGradientTolerance,
                                     nullptr));
    for (std::size_t i = 0; i < n; ++i)
        out.push_back(compare_tensor("Adam step", in.weights.tensors[i].name, ref.torch_names[i],
                                     ours.after_adam[i].value, theirs.after_adam[i].value, kParityGradientTolerance,
                                     &in.weights.tensors[i].value));
    const std::size_t d = in.decode_sources.size();
    if (ours.greedy.size() != d || ours.beam.size() != d || theirs.greedy.size() != d || theirs.beam.size() != d)
        throw InputError("compare_parity: both sides need a greedy and a beam decode of each of the " +
                         std::to_string(d) + " sources");
    for (std::size_t i = 0; i < d; ++i)
        out.push_back(compare_decode("greedy decode", i, in.decode_sources[i], ours.greedy[i], theirs.greedy[i]));
    for (std::size_t i = 0; i < d; ++i)
        out.push_back(compare_decode("beam decode", i, in.decode_sources[i], ours.beam[i], theirs.beam[i]));
    return out;
}

}  // namespace attn::model
