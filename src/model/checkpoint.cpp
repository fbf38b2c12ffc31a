// Checkpoints of chapter 12's model: see model.hpp for the format. The
// tensors and their order are the model's layout (for_each_tensor, via
// Model::tensors() and tensor_layout()), not restated here.
#include <cctype>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/bounded_read.hpp"
#include "core/errors.hpp"
#include "core/wire.hpp"
#include "model/model.hpp"

namespace attn::model {

namespace {

// Format 2 stores the head count; format 1 was the one-head model's.
constexpr const char* kMagic = "attention-by-hand checkpoint 2";
constexpr const char* kOldMagic = "attention-by-hand checkpoint 1";

// Chapter 12's translation checkpoint takes about 450 KiB; the largest model
// the configuration check allows would not fit in 64 MiB of text anyway.
constexpr std::size_t kMaxCheckpointBytes = 64u << 20;

// No weight of a trained model comes near this. Below it, every number the
// model computes stays far inside the doubles (about 1e40 at the largest
// settings allowed), so softmax never sees an overflow.
constexpr double kMaxWeight = 1e6;


// "2025-06-01T10:22:03Z": four digits, then the separators where they belong.
bool is_utc_timestamp(const std::string& t) {
    static const std::string pattern = "dddd-dd-ddTdd:dd:ddZ";
    if (t.size() != pattern.size()) return false;
    for (std::size_t i = 0; i < t.size(); ++i)
        if (pattern[i] == 'd' ? !std::isdigit(static_cast<unsigned char>(t[i])) : t[i] != pattern[i]) return false;
    return true;
}

bool valid(const Provenance& p) {
    return (p.trained_by == "reference" || p.trained_by == "learner") && is_utc_timestamp(p.saved_at);
}

std::string body_of(const std::string& task, const Provenance& p, const Config& c, const tasks::Vocabulary& vocab,
                    const ConstTensorRefs& tensors) {
    std::ostringstream out;
    out << kMagic << "\n";
    out << "task " << task << "\n";
    if (p.recorded()) out << "trained " << p.trained_by << ' ' << p.saved_at << "\n";
    out << "config d_model " << c.d_model << " heads " << c.heads << " d_k " << c.d_k << " d_v " << c.d_v << " d_ff " << c.d_ff << " layers "
        << c.layers << " vocab " << c.vocab << " seed " << c.seed << "\n";
    out << "words";
    for (const auto& w : vocab.words()) out << ' ' << w;
    out << "\n";
    char num[40];
    for (const Tensor& t : tensors) {
        out << "tensor " << t.name << ' ' << t.value.n_rows << ' ' << t.value.n_cols << "\n";
        for (arma::uword r = 0; r < t.value.n_rows; ++r) {
            for (arma::uword k = 0; k < t.value.n_cols; ++k) {
                std::snprintf(num, sizeof num, "%a", t.value(r, k));  // exact: hexadecimal floating point
                out << (k ? " " : "") << num;
            }
            out << "\n";
        }
    }
    return out.str();
}

[[noreturn]] void bad(const std::string& path, const std::string& what) {
    throw InputError("checkpoint " + path + ": " + what);
}

[[noreturn]] void old_format(const std::string& path) {
    bad(path, "was saved by an older version of chapter 12 (format 1, a model with one head); today's model has "
              "several heads and cannot read it: run ./course run 12 to train and save a new one");
}

[[noreturn]] void not_a_checkpoint(const std::string& path) {
    bad(path, "is not a checkpoint of this course (its first line should be '" + std::string(kMagic) + "')");
}

// Closes a descriptor (and so drops its lock) however the save ends.
struct Fd {
    int fd = -1;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

// A save killed between writing PATH.tmp.PID and renaming it leaves that file
// behind. Removed here: only this checkpoint's, only regular files, and only
// when the save that wrote it is over: its process is gone and nobody holds
// the file's lock (a save locks its temporary file until the rename; the lock
// also covers a process whose pid this one cannot see).
void remove_leftover_temporaries(const std::string& path) {
    namespace fs = std::filesystem;
    const fs::path target(path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    const std::string prefix = target.filename().string() + ".tmp.";
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        const std::string pid_text = name.rfind(prefix, 0) == 0 ? name.substr(prefix.size()) : "";
        if (pid_text.empty() || pid_text.size() > 9 || pid_text.find_first_not_of("0123456789") != std::string::npos)
            continue;
        const pid_t pid = static_cast<pid_t>(std::stol(pid_text));
        if (pid <= 0 || pid == ::getpid()) continue;             // ours is written over anyway
        if (::kill(pid, 0) == 0 || errno == EPERM) continue;     // that save may still be running
        std::error_code e;
        if (!fs::is_regular_file(it->symlink_status(e))) continue;  // never a link or a directory
        Fd f{::open(it->path().c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)};
        if (f.fd >= 0 && ::flock(f.fd, LOCK_EX | LOCK_NB) == 0) fs::remove(it->path(), e);
    }
}

}  // namespace

Provenance provenance_now(bool learner) {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char when[32];
    std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return {learner ? "learner" : "reference", when};
}

void save_checkpoint(const std::string& path, const std::string& task, const Model& model,
                     const tasks::Vocabulary& vocab, const Provenance& provenance) {
    if (vocab.size() != model.config().vocab)
        throw InputError("save_checkpoint: the vocabulary has " + std::to_string(vocab.size()) +
                         " words but the model was built for " + std::to_string(model.config().vocab));
    if ((provenance.recorded() || !provenance.saved_at.empty()) && !valid(provenance))
        throw InputError("save_checkpoint: who trained the model must be 'reference' or 'learner' and when, a UTC time "
                         "such as 2025-06-01T10:22:03Z; got '" + provenance.trained_by + "' and '" +
                         provenance.saved_at + "'");
    const std::string text = seal_checkpoint(body_of(task, provenance, model.config(), vocab, model.tensors()));

    remove_leftover_temporaries(path);
    // Beside the target, so that the rename stays on one file system and is atomic.
    const std::string tmp = path + ".tmp." + std::to_string(::getpid());
    Fd lock;  // held until the rename: another save's clean-up leaves this file alone
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) bad(path, std::string("cannot be written (") + std::strerror(errno) + "); nothing was changed");
        lock.fd = ::open(tmp.c_str(), O_RDONLY | O_CLOEXEC);
        if (lock.fd >= 0) ::flock(lock.fd, LOCK_EX);
        out << text;
        out.flush();
        if (!out) {
            out.close();
            std::remove(tmp.c_str());
            bad(path, "writing failed (disk full?); the previous checkpoint, if any, is untouched");
        }
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        const std::string why = std::strerror(errno);
        std::remove(tmp.c_str());
        bad(path, "could not replace the old file (" + why + "); it is untouched");
    }
}

std::string seal_checkpoint(const std::string& body) {
    return body + "end fnv1a64 " + wire::hex64(wire::fnv1a64(body)) + "\n";
}


Checkpoint load_checkpoint(const std::string& path) {
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) bad(path, std::string("cannot be opened (") + std::strerror(errno) + ")");
    io::ReadLimit limit;
    limit.max_bytes = kMaxCheckpointBytes;
    limit.purpose = "chapter 12's checkpoints take well under 1 MiB";
    limit.kind = "checkpoint";
    // The header line first: any other file is refused before the rest is read.
    const auto header = [&](const std::string& line, bool) {
        if (line.rfind(kOldMagic, 0) == 0) old_format(path);
        if (line.rfind(kMagic, 0) != 0) not_a_checkpoint(path);
    };
    return parse_checkpoint(io::read_file(path, "checkpoint " + path, limit, header), path);
}

namespace {

// The body of a checkpoint, line by line, with its line number for the messages.
class CheckpointLines {
public:
    CheckpointLines(const std::string& body, const std::string& path) : lines_(body), path_(path), size_(body.size()) {}
    std::istringstream next() {
        if (!std::getline(lines_, line_)) bad(path_, "ends too early at line " + std::to_string(line_no_));
        ++line_no_;
        return std::istringstream(line_);
    }
    [[noreturn]] void malformed(const std::string& what) const {
        bad(path_, "line " + std::to_string(line_no_) + ": " + what);
    }
    bool more() {
        if (!std::getline(lines_, line_)) return false;
        ++line_no_;
        return true;
    }
    const std::string& path() const { return path_; }
    std::size_t size() const { return size_; }

private:
    std::istringstream lines_;
    std::string line_, path_;
    int line_no_ = 0;
    std::size_t size_;
};

// "config d_model 32 heads 2 ...": the eight settings, each in its range.
Config read_config(CheckpointLines& in, std::istringstream l) {
    std::string key, name;
    l >> key;
    if (key != "config") in.malformed("expected 'config ...'");
    Config c;
    unsigned long long value;
    int seen = 0;
    while (l >> name >> value) {
        ++seen;
        if (name == "d_model") c.d_model = value;
        else if (name == "heads") c.heads = value;
        else if (name == "d_k") c.d_k = value;
        else if (name == "d_v") c.d_v = value;
        else if (name == "d_ff") c.d_ff = value;
        else if (name == "layers") c.layers = value;
        else if (name == "vocab") c.vocab = value;
        else if (name == "seed") c.seed = value;
        else in.malformed("unknown setting '" + name + "'");
    }
    if (seen != 8 || !l.eof()) in.malformed("expected eight settings (d_model heads d_k d_v d_ff layers vocab seed)");
    if (c.d_model == 0 || c.heads == 0 || c.heads > 64 || c.d_k == 0 || c.d_v == 0 || c.d_ff == 0 || c.layers == 0 ||
        c.layers > 64 || c.d_model > 4096 || c.d_k > 4096 || c.d_v > 4096 || c.d_ff > 16384 || c.vocab > 100000)
        in.malformed("a setting is out of range: " + describe(c));
    return c;
}

// "words <s> </s> ...": the vocabulary, of the size the configuration says.
tasks::Vocabulary read_words(CheckpointLines& in, std::size_t expected_size) {
    auto l = in.next();
    std::string key, w;
    l >> key;
    if (key != "words") in.malformed("expected 'words ...'");
    std::vector<std::string> words;
    while (l >> w) words.push_back(w);
    if (words.size() < 2 || words[0] != "<s>" || words[1] != "</s>") in.malformed("the vocabulary must start with <s> </s>");
    tasks::Vocabulary vocab;
    try {
        vocab = tasks::Vocabulary(std::vector<std::string>(words.begin() + 2, words.end()));
    } catch (const InputError& e) {
        in.malformed(e.what());
    }
    if (vocab.size() != expected_size)
        in.malformed("the vocabulary has " + std::to_string(vocab.size()) + " words, the configuration says " +
                     std::to_string(expected_size));
    return vocab;
}

// One number of a tensor: finite, and within what a trained model holds.
double read_weight(CheckpointLines& in, const std::string& token, const std::string& tensor) {
    char* end = nullptr;
    const double v = std::strtod(token.c_str(), &end);
    if (end == token.c_str() || *end != '\0') in.malformed("'" + token + "' is not a number");
    if (!std::isfinite(v)) in.malformed("tensor " + tensor + " holds " + token + " (not finite)");
    if (std::abs(v) > kMaxWeight) {
        char shown[32];
        std::snprintf(shown, sizeof shown, "%.3g", v);
        in.malformed("tensor " + tensor + " holds " + shown +
                     "; weights beyond 1e6 in magnitude are refused (no trained model comes near, and they overflow softmax)");
    }
    return v;
}

// "tensor NAME ROWS COLS" and its rows: exactly the tensor the layout expects there.
Tensor read_tensor(CheckpointLines& in, const TensorShape& expected) {
    auto l = in.next();
    std::string key, name;
    arma::uword rows = 0, cols = 0;
    if (!(l >> key >> name >> rows >> cols) || key != "tensor") in.malformed("expected 'tensor NAME ROWS COLS'");
    if (name != expected.name) in.malformed("expected tensor '" + expected.name + "', found '" + name + "'");
    if (rows != expected.rows || cols != expected.cols)
        in.malformed("tensor " + name + " is " + to_string(Shape{rows, cols}) + ", the configuration needs " +
                     to_string(Shape{expected.rows, expected.cols}));
    // Each number takes at least two characters: a file too short for the claimed
    // shape ends before its numbers do (and nothing huge is allocated).
    if (static_cast<double>(rows) * static_cast<double>(cols) * 2.0 > static_cast<double>(in.size()))
        bad(in.path(), "ends before tensor " + name + " (" + to_string(Shape{rows, cols}) + ") is complete");
    Tensor t;
    t.name = name;
    t.value.set_size(rows, cols);
    for (arma::uword r = 0; r < rows; ++r) {
        auto row = in.next();
        std::string token;
        for (arma::uword k = 0; k < cols; ++k) {
            if (!(row >> token)) in.malformed("tensor " + name + " row " + std::to_string(r) + " has too few numbers");
            t.value(r, k) = read_weight(in, token, name);
        }
        if (row >> token) in.malformed("tensor " + name + " row " + std::to_string(r) + " has too many numbers");
    }
    return t;
}

}  // namespace

bool looks_like_checkpoint(const std::string& path) {
    io::ReadLimit limit;
    limit.max_bytes = kMaxCheckpointBytes;
    limit.purpose = "chapter 12's checkpoints take well under 1 MiB";
    limit.kind = "checkpoint";
    bool ours = false;
    // Only the first line is looked at; the reader stops there.
    struct Seen {};
    const auto header = [&](const std::string& line, bool) {
        ours = line.rfind(kMagic, 0) == 0 || line.rfind(kOldMagic, 0) == 0;
        throw Seen{};
    };
    try {
        io::read_file(path, "checkpoint " + path, limit, header);
    } catch (const Seen&) {
    } catch (const std::exception&) {
        return false;
    }
    return ours;
}

Checkpoint parse_checkpoint(const std::string& text, const std::string& path) {
    if (text.rfind(kOldMagic, 0) == 0) old_format(path);
    if (text.rfind(kMagic, 0) != 0) not_a_checkpoint(path);
    // The last line carries the checksum of everything before it.
    const std::size_t end_at = text.rfind("\nend fnv1a64 ");
    if (end_at == std::string::npos || text.back() != '\n')
        bad(path, "is truncated (the closing checksum line is missing); save it again");
    const std::string body = text.substr(0, end_at + 1);
    const std::string stored = text.substr(end_at + 13, text.size() - end_at - 14);
    if (stored != wire::hex64(wire::fnv1a64(body))) bad(path, "is corrupt (its checksum does not match its contents)");

    CheckpointLines in(body, path);
    Checkpoint c;
    in.next();  // the magic line, checked above
    {
        auto l = in.next();
        std::string key;
        if (!(l >> key >> c.task) || key != "task") in.malformed("expected 'task NAME'");
    }
    // optional: whose functions trained it, and when it was saved
    auto l = in.next();
    std::string first;
    std::istringstream(l.str()) >> first;
    if (first == "trained") {
        Provenance p;
        std::string key, rest;
        if (!(l >> key >> p.trained_by >> p.saved_at) || (l >> rest) || !valid(p))
            in.malformed("expected 'trained reference|learner YYYY-MM-DDTHH:MM:SSZ'");
        c.provenance = p;
        l = in.next();
    }
    c.config = read_config(in, std::move(l));
    c.vocab = read_words(in, c.config.vocab);
    // The tensors must be exactly those of a model with this configuration.
    for (const auto& expected : tensor_layout(c.config)) c.tensors.push_back(read_tensor(in, expected));
    if (in.more()) in.malformed("unexpected content after the last tensor");
    return c;
}

Model model_from(const Checkpoint& c) {
    Model m(c.config);
    const TensorRefs tensors = m.tensors();
    for (std::size_t i = 0; i < c.tensors.size(); ++i) tensors[i].get().value = c.tensors[i].value;
    return m;
}

void require_compatible(const Checkpoint& c, const std::string& task, const tasks::Vocabulary& vocab,
                        const Config& config) {
    if (c.task != task) throw InputError("checkpoint is for task '" + c.task + "', not '" + task + "'");
    if (c.vocab.words() != vocab.words())
        throw InputError("checkpoint's vocabulary differs from the task's (" + std::to_string(c.vocab.size()) +
                         " words against " + std::to_string(vocab.size()) + ")");
    const Config& a = c.config;
    if (a.d_model != config.d_model || a.heads != config.heads || a.d_k != config.d_k || a.d_v != config.d_v || a.d_ff != config.d_ff ||
        a.layers != config.layers)
        throw InputError("checkpoint's model (" + describe(a) + ") differs from this one (" + describe(config) + ")");
}

}  // namespace attn::model
