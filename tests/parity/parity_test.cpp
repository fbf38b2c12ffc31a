// Chapter 12's model against PyTorch: the committed fixture tests/data/parity/
// (the course's initial weights and a batch, and what PyTorch's autograd computed
// from them, bench/parity.py) compared with what our model computes on the same
// inputs: logits and loss to 1e-10, every gradient and the Adam step to 1e-9
// (each relative to the largest entry of PyTorch's tensor), decodes exactly.
//
// Suite `matches_pytorch`: the comparison itself; each case names the first
// tensor of its kind that differs (ch12.parity_catches_a_wrong_attention_scale
// links this module with a wrong attention and requires just that).
// Suite `fixture`: that the comparison can fail, and that damaged files are
// refused with their name and what is wrong.
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch12_parity)

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "core/errors.hpp"
#include "model/parity.hpp"
#include "test_helpers.hpp"

namespace m = attn::model;
namespace fs = std::filesystem;
using attn_test::thrown_message;

namespace {

const std::string kFixture = ATTN_PARITY_DIR;  // tests/data/parity/ (CMake sets it)

// The inputs, PyTorch's reference, our answers and the comparison: made once per run.
struct Parity {
    m::ParityInputs in = m::load_parity_inputs(kFixture);
    m::ParityReference ref = m::load_parity_reference(kFixture + "/reference.txt", in);
    m::ParityAnswers ours = m::run_parity(in);
    std::vector<m::ParityCheck> checks = m::compare_parity(ours, ref, in);
};
const Parity& parity() {
    static const Parity p;
    return p;
}

// Every check of these kinds passed; otherwise one failure naming the first that
// did not, and how many more did not. Returns how many checks there were.
std::size_t require_kinds(const std::vector<std::string>& kinds) {
    std::size_t n = 0, failed = 0;
    const m::ParityCheck* first = nullptr;
    for (const auto& c : parity().checks) {
        if (std::find(kinds.begin(), kinds.end(), c.kind) == kinds.end()) continue;
        ++n;
        if (!c.passed && !failed++) first = &c;
    }
    BOOST_TEST(!first, (first ? first->message : std::string()) << (failed > 1 ? " (and " + std::to_string(failed - 1) +
                                                                                      " more of this kind differ)"
                                                                                : std::string()));
    return n;
}

struct Scratch {  // a fresh directory with copies of the fixture, removed afterwards
    fs::path dir = fs::temp_directory_path() / ("attn_parity_" + std::to_string(::getpid()));
    Scratch() {
        fs::remove_all(dir);
        fs::create_directories(dir);
        for (const char* f : {"model.ckpt", "batch.txt", "reference.txt"})
            fs::copy_file(fs::path(kFixture) / f, dir / f);
    }
    ~Scratch() { fs::remove_all(dir); }
    std::string path(const std::string& f) const { return (dir / f).string(); }
    std::string read(const std::string& f) const {
        std::ifstream in(path(f), std::ios::binary);
        std::stringstream s;
        s << in.rdbuf();
        return s.str();
    }
    void write(const std::string& f, const std::string& text) const {
        std::ofstream(path(f), std::ios::binary | std::ios::trunc) << text;
    }
    // Replaces `from` by `to` in the file's body and seals it again (a checksum
    // that is right: the damage must then be found by what the file says).
    void edit_sealed(const std::string& f, const std::string& from, const std::string& to) const {
        std::string text = read(f);
        std::string body = text.substr(0, text.rfind("\nend fnv1a64 ") + 1);
        const std::size_t at = body.find(from);
        BOOST_REQUIRE_MESSAGE(at != std::string::npos, f << " has no '" << from << "' to change");
        body.replace(at, from.size(), to);
        write(f, m::seal_checkpoint(body));
    }
};

const m::ParityCheck* first_failure(const std::vector<m::ParityCheck>& checks) {
    for (const auto& c : checks)
        if (!c.passed) return &c;
    return nullptr;
}

std::size_t failures(const std::vector<m::ParityCheck>& checks) {
    std::size_t n = 0;
    for (const auto& c : checks) n += !c.passed;
    return n;
}

std::size_t index_of(const m::ParityInputs& in, const std::string& name) {
    for (std::size_t i = 0; i < in.weights.tensors.size(); ++i)
        if (in.weights.tensors[i].name == name) return i;
    BOOST_FAIL("no tensor " << name);
    return 0;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

// ==================================================================== matches_pytorch
BOOST_AUTO_TEST_SUITE(matches_pytorch)

BOOST_AUTO_TEST_CASE(logits_and_loss_match_pytorchs) {
    BOOST_TEST(require_kinds({"logits", "loss"}) == 2u);
}

BOOST_AUTO_TEST_CASE(every_gradient_matches_pytorchs_autograd) {
    BOOST_TEST(require_kinds({"gradient"}) == parity().in.weights.tensors.size(), "one check per tensor");
}

BOOST_AUTO_TEST_CASE(one_adam_step_matches_pytorchs) {
    BOOST_TEST(require_kinds({"Adam step"}) == parity().in.weights.tensors.size(), "one check per tensor");
}

BOOST_AUTO_TEST_CASE(greedy_and_beam_decodes_match_pytorchs_exactly) {
    BOOST_TEST(require_kinds({"greedy decode", "beam decode"}) == 2 * parity().in.decode_sources.size());
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== fixture
BOOST_AUTO_TEST_SUITE(fixture)

BOOST_AUTO_TEST_CASE(the_reference_is_pytorchs_and_not_all_zeros) {
    const Parity& p = parity();
    BOOST_TEST(p.ref.made_by.rfind("PyTorch ", 0) == 0u, "made-by: " << p.ref.made_by);
    BOOST_TEST(contains(p.ref.made_by, "float64"), "made-by: " << p.ref.made_by);
    // a comparison of zeros, or of a model that never moved, would prove nothing
    for (std::size_t i = 0; i < p.in.weights.tensors.size(); ++i) {
        const std::string& name = p.in.weights.tensors[i].name;
        BOOST_TEST(arma::abs(p.ref.answers.gradients[i].value).max() > 0.0, "PyTorch's gradient of " << name << " is zero");
        const arma::mat step = p.ref.answers.after_adam[i].value - p.in.weights.tensors[i].value;
        BOOST_TEST(arma::abs(step).max() > 0.0, "PyTorch's Adam step left " << name << " as it was");
    }
    BOOST_TEST(p.in.batch.examples.size() >= 2u, "a batch of several sequences, cut apart by the model");
    BOOST_TEST(p.in.weights.config.heads * p.in.weights.config.d_k != p.in.weights.config.d_model);
    BOOST_TEST(p.in.weights.config.layers >= 2u);
}

BOOST_AUTO_TEST_CASE(the_fixture_stays_under_one_mebibyte) {
    std::uintmax_t bytes = 0;
    for (const char* f : {"model.ckpt", "batch.txt", "reference.txt"}) bytes += fs::file_size(fs::path(kFixture) / f);
    BOOST_TEST(bytes <= std::uintmax_t{1} << 20, "tests/data/parity/ holds " << bytes << " bytes; a smaller model or batch "
                                                 "keeps the repository light (make_parity_inputs, src/model/parity.cpp)");
}

BOOST_AUTO_TEST_CASE(the_comparison_names_the_first_quantity_that_differs) {
    const Parity& p = parity();
    m::ParityAnswers copy = p.ref.answers;  // PyTorch's answers as "ours": everything agrees exactly
    for (const auto& c : m::compare_parity(copy, p.ref, p.in)) {
        BOOST_TEST(c.passed, c.kind << " " << c.name << ": " << c.message);
        BOOST_TEST(c.difference == 0.0, c.kind << " " << c.name);
    }
    // one gradient entry off by 1e-7 of its tensor's largest: only that tensor, at that entry
    const std::size_t k = index_of(p.in, "dec1.cross.W_k");
    arma::mat& g = copy.gradients[k].value;
    g(2, 1) += 1e-7 * arma::abs(g).max();
    auto checks = m::compare_parity(copy, p.ref, p.in);
    BOOST_TEST(failures(checks) == 1u);
    BOOST_REQUIRE(first_failure(checks));
    BOOST_TEST(first_failure(checks)->message.rfind(
                   "parity: the gradient of dec1.cross.W_k (PyTorch's decoder.1.cross.W_k) differs from PyTorch's at (2, 1): ",
                   0) == 0u,
               first_failure(checks)->message);
    // the logits off by 1e-9 as well: they come first
    copy.logits(3, 7) += 1e-9 * arma::abs(copy.logits).max();
    checks = m::compare_parity(copy, p.ref, p.in);
    BOOST_TEST(failures(checks) == 2u);
    BOOST_TEST(first_failure(checks)->message.rfind("parity: logits differ from PyTorch's at (3, 7): ", 0) == 0u,
               first_failure(checks)->message);
    // a NaN is a difference, not a comparison that comes out false and is passed over
    copy = p.ref.answers;
    copy.after_adam[0].value(1, 1) = NAN;
    checks = m::compare_parity(copy, p.ref, p.in);
    BOOST_TEST(failures(checks) == 1u);
    BOOST_TEST(contains(first_failure(checks)->message, "parity: the Adam step of embed differs from PyTorch's at (1, 1): ours moved it by nan"),
               first_failure(checks)->message);
    // a decode one token off
    copy = p.ref.answers;
    BOOST_REQUIRE(!copy.beam.at(1).empty());
    copy.beam[1].back() = copy.beam[1].back() == 5 ? 6 : 5;
    checks = m::compare_parity(copy, p.ref, p.in);
    BOOST_TEST(failures(checks) == 1u);
    BOOST_TEST(contains(first_failure(checks)->message, "parity: the beam decode of source 1 ("),
               first_failure(checks)->message);
}

BOOST_AUTO_TEST_CASE(a_missing_fixture_file_is_named) {
    const Scratch tmp;
    fs::remove(tmp.path("model.ckpt"));
    BOOST_TEST(thrown_message<attn::InputError>([&] { m::load_parity_inputs(tmp.dir.string()); }) ==
               "checkpoint " + tmp.path("model.ckpt") + ": cannot open (No such file or directory)");
    const Scratch again;
    fs::remove(again.path("reference.txt"));
    const m::ParityInputs in = m::load_parity_inputs(again.dir.string());
    BOOST_TEST(thrown_message<attn::InputError>([&] { m::load_parity_reference(again.path("reference.txt"), in); }) ==
               "parity reference " + again.path("reference.txt") + ": cannot open (No such file or directory)");
}

BOOST_AUTO_TEST_CASE(a_damaged_reference_is_refused_with_its_name_and_what_is_wrong) {
    const Scratch tmp;
    const m::ParityInputs in = m::load_parity_inputs(tmp.dir.string());
    const std::string file = tmp.path("reference.txt"), text = tmp.read("reference.txt");
    const auto refusal = [&] { return thrown_message<attn::InputError>([&] { m::load_parity_reference(file, in); }); };
    const std::string label = "parity reference " + file + ": ";

    tmp.write("reference.txt", text.substr(0, text.rfind("end fnv1a64")));  // the last line lost
    BOOST_TEST(refusal() == label + "is truncated (the closing checksum line is missing)");

    std::string flipped = text;
    const std::size_t at = flipped.find("0x1.", flipped.find("\ntensor gradient enc0.ff.W_1")) + 4;
    flipped[at] = flipped[at] == '7' ? '8' : '7';  // one digit of one number
    tmp.write("reference.txt", flipped);
    BOOST_TEST(refusal() == label + "is corrupt (its checksum does not match its contents)");

    tmp.write("reference.txt", "attention-by-hand checkpoint 2\n");
    BOOST_TEST(refusal() == label + "is not a parity reference of this course (its first line should be "
                                    "'attention-by-hand parity reference 1')");

    tmp.write("reference.txt", text);
    tmp.edit_sealed("reference.txt", "inputs model.ckpt " + in.weights_checksum, "inputs model.ckpt 0123456789abcdef");
    BOOST_TEST(contains(refusal(), label + "was made from other inputs (model.ckpt 0123456789abcdef"), refusal());
    BOOST_TEST(contains(refusal(), "./course verify --pytorch --save-fixture"), refusal());

    tmp.write("reference.txt", text);
    tmp.edit_sealed("reference.txt", "tensor gradient enc0.self.W_k", "tensor gradient enc0.self.W_q");
    BOOST_TEST(contains(refusal(), "expected 'tensor gradient enc0.self.W_k ...', found 'tensor gradient enc0.self.W_q ...'"),
               refusal());

    tmp.write("reference.txt", text);
    tmp.edit_sealed("reference.txt", "tensor logits batch - 32 100", "tensor logits batch - 31 100");
    BOOST_TEST(contains(refusal(), "logits batch is 31x100, the model needs 32x100"), refusal());
}

BOOST_AUTO_TEST_CASE(a_damaged_batch_is_refused_with_its_name_and_line) {
    const Scratch tmp;
    const std::string file = tmp.path("batch.txt");
    const auto refusal = [&] { return thrown_message<attn::InputError>([&] { m::load_parity_inputs(tmp.dir.string()); }); };
    const std::string text = tmp.read("batch.txt");
    const std::string example = text.substr(text.find("\nexample ") + 1, text.find('\n', text.find("\nexample ") + 1) -
                                                                            text.find("\nexample "));
    tmp.edit_sealed("batch.txt", example, "example 4 100 -> 11\n");
    BOOST_TEST(contains(refusal(), "parity batch " + file + ": line "), refusal());
    BOOST_TEST(contains(refusal(), "token 100 is outside the vocabulary of 100 (model.ckpt)"), refusal());

    tmp.write("batch.txt", text);
    tmp.edit_sealed("batch.txt", "decode max_len", "decode max_length");
    BOOST_TEST(contains(refusal(), "expected 'decode max_len N beam B' with N and B from 1 to 64"), refusal());

    tmp.write("batch.txt", text.substr(0, text.size() / 2));
    BOOST_TEST(refusal() == "parity batch " + file + ": is truncated (the closing checksum line is missing)");
}

BOOST_AUTO_TEST_SUITE_END()
