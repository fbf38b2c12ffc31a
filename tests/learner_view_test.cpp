// The learner's view: what chapters 01, 02, 04, 08 and 12 print and promise, checked on
// the functions their programs call (src/labs/, src/model/checkpoint.cpp). Each case
// states a property that a wrong implementation breaks: a second thread that did not
// help is not called a help, a tie is not reported as one pair, a checkpoint of the
// learner's is never replaced by a run on the reference, and so on.
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <unistd.h>
#include <variant>
#include <vector>

#include "contracts/08_positional_encoding.hpp"
#include "contracts/09_multi_head_attention.hpp"
#include "contracts/10_transformer_blocks.hpp"
#include "contracts/11_training.hpp"
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"
#include "core/plot.hpp"
#include "core/worked_example.hpp"
#include "labs/attention_by_hand_lab.hpp"
#include "labs/encoder_decoder_lab.hpp"
#include "labs/positional_encoding_lab.hpp"
#include "labs/qkv_projections_lab.hpp"
#include "labs/rnn_loop_lab.hpp"
#include "model/model.hpp"
#include "model/toy_tasks.hpp"

// The module's entry point, written out (the header may come precompiled, before any define).
bool init_unit_test() {
    boost::unit_test::framework::master_test_suite().p_name.value = "learner_view";
    return true;
}
int main(int argc, char* argv[]) { return boost::unit_test::unit_test_main(&init_unit_test, argc, argv); }

namespace fs = std::filesystem;
namespace lab01 = attn::rnn_loop_lab;
namespace lab08 = attn::positional_encoding_lab;
namespace lab12 = attn::encoder_decoder_lab;

namespace {

// The message of the exception of type E that `fn` throws ("" when it throws nothing).
template <class E, class F>
std::string thrown_message(F&& fn) {
    try {
        fn();
    } catch (const E& e) {
        return e.what();
    }
    return "";
}

bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A timing table from speed-ups: the 1-thread time is 1 ms, the 2-thread time 1 / speed-up.
std::vector<lab01::Timing> table(const std::vector<int>& lengths, const std::vector<double>& loop,
                                 const std::vector<double>& attention) {
    std::vector<lab01::Timing> rows;
    for (std::size_t k = 0; k < lengths.size(); ++k)
        rows.push_back({lengths[k], 1e-3, 1e-3 / loop[k], 1e-3, 1e-3 / attention[k]});
    return rows;
}

struct Scratch {  // a fresh directory, removed afterwards
    fs::path dir;
    Scratch() {
        dir = fs::temp_directory_path() / ("attn_learner_view_" + std::to_string(::getpid()));
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
    std::string file(const std::string& name) const { return (dir / name).string(); }
};

std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}
void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

attn::model::Config tiny(arma::uword vocab) {
    attn::model::Config c;
    c.d_model = 4;
    c.heads = 2;
    c.d_k = 2;
    c.d_v = 2;
    c.d_ff = 6;
    c.layers = 1;
    c.vocab = vocab;
    c.seed = 5;
    return c;
}

// A checkpoint of a tiny reversal model at `path`, saved with `p` (or without, when p is empty).
void save_tiny(const std::string& path, const attn::model::Provenance& p) {
    const attn::tasks::Task task = attn::tasks::reversal(10, 2, 4, 3);
    const attn::model::Model model(tiny(task.vocab.size()));
    attn::model::save_checkpoint(path, task.name, model, task.vocab, p);
}

}  // namespace

// ---------------------------------------------------------------- chapter 01
BOOST_AUTO_TEST_SUITE(second_thread)

BOOST_AUTO_TEST_CASE(a_steady_gain_at_the_long_lengths_is_called_a_help_from_where_it_starts) {
    const auto t = lab01::second_thread(table({64, 128, 256, 512, 1024}, {1.0, 1.02, 0.99, 1.01, 1.0},
                                              {0.9, 1.05, 1.1, 1.3, 1.8}));
    BOOST_TEST(t.attention.helped());
    BOOST_TEST(t.attention.helped_from == 512);
    BOOST_TEST(!t.loop.helped());
    BOOST_TEST(lab01::describe(t.attention) == "0.90x to 1.80x, 1.80x at L = 1024: helped from L = 512 on (1.2x or more)");
    BOOST_TEST(lab01::summarise(t.attention) == "helped from L = 512 on (1.80x at L = 1024)");
    BOOST_TEST(lab01::describe(t.loop) == "0.99x to 1.02x, 1.00x at L = 1024: did not help (no length gained 1.2x)");
}

BOOST_AUTO_TEST_CASE(speedups_under_the_threshold_are_no_help_and_losses_are_named) {
    // two runs on a shared build machine: 0.44x to 1.10x
    const auto t = lab01::second_thread(table({8, 256, 2048}, {0.44, 1.0, 1.1}, {0.6, 1.05, 1.1}));
    BOOST_TEST(!t.loop.helped());
    BOOST_TEST(!t.attention.helped());
    BOOST_TEST(lab01::summarise(t.loop) == "did not help");
    BOOST_TEST(lab01::describe(t.loop) ==
               "0.44x to 1.10x, 1.10x at L = 2048: did not help (no length gained 1.2x), and lost time at L = 8 (0.44x)");
}

BOOST_AUTO_TEST_CASE(one_good_length_alone_is_no_steady_help) {
    // the longest length alone, or one in the middle: noise as likely as a gain
    const auto end = lab01::second_thread(table({256, 512, 1024, 2048}, {1, 1, 1, 1.24}, {1, 1.5, 1, 1}));
    BOOST_TEST(!end.loop.helped());
    BOOST_TEST(lab01::describe(end.loop) ==
               "1.00x to 1.24x, 1.24x at L = 2048: no steady help (1 of 4 lengths gained 1.2x, the best 1.24x at L = 2048)");
    BOOST_TEST(!end.attention.helped());
    BOOST_TEST(lab01::summarise(end.attention) == "no steady help (best 1.50x at L = 512)");
}

BOOST_AUTO_TEST_CASE(an_empty_or_impossible_table_is_refused) {
    BOOST_CHECK_THROW(lab01::second_thread({}), attn::InputError);
    std::vector<lab01::Timing> rows = table({8, 16}, {1, 1}, {1, 1});
    rows[1].attention_2 = 0;
    BOOST_TEST(mentions(thrown_message<attn::InputError>([&] { lab01::second_thread(rows); }), "L = 16"));
    BOOST_CHECK_THROW(lab01::second_thread(table({16, 8}, {1, 1}, {1, 1})), attn::InputError);
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------- chapter 02
BOOST_AUTO_TEST_SUITE(dot_products)

BOOST_AUTO_TEST_CASE(twelve_dot_products_fill_in_q_row_by_row) {
    const arma::mat X = attn::example::X(), W = attn::example::W_q();
    const auto dots = attn::qkv_projections_lab::dot_products(X, W);
    BOOST_REQUIRE(dots.size() == 12u);
    const arma::mat Q = X * W;  // (3, 4)
    for (std::size_t k = 0; k < dots.size(); ++k) {
        BOOST_TEST(dots[k].i == k / 4);
        BOOST_TEST(dots[k].j == k % 4);
        BOOST_TEST(arma::approx_equal(dots[k].row, X.row(dots[k].i), "absdiff", 0.0));
        BOOST_TEST(arma::approx_equal(dots[k].column, W.col(dots[k].j).t(), "absdiff", 0.0));
        BOOST_TEST(dots[k].value == Q(dots[k].i, dots[k].j));
    }
    BOOST_TEST(dots[0].value == 2.0);  // the tutorial's first hand step: (0,0,1,1) . (0,0,1,1)
}

BOOST_AUTO_TEST_CASE(a_w_that_does_not_fit_x_is_refused_naming_both) {
    const std::string msg = thrown_message<attn::ShapeError>(
        [] { attn::qkv_projections_lab::dot_products(arma::mat(3, 4), arma::mat(5, 2)); });
    BOOST_TEST(msg == "dot_products: X's width must equal W's rows (d_model); got X 3x4 and W 5x2");
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------- chapter 04
BOOST_AUTO_TEST_SUITE(lead)

BOOST_AUTO_TEST_CASE(the_winner_of_loves_row_takes_e_times_the_runner_up) {
    const auto w = attn::attention_by_hand_lab::worked_example();
    const auto l = attn::attention_by_hand_lab::lead_of(w.A.row(1));  // love: 0.14, 0.63, 0.23
    BOOST_TEST(l.first == 1u);
    BOOST_TEST(l.second == 2u);
    // the scaled scores 2.5 and 1.5 are 1 apart, so the weights are e apart: 2.7 as printed
    BOOST_TEST(std::abs(l.ratio - std::exp(1.0)) < 1e-12);
}

BOOST_AUTO_TEST_CASE(a_row_without_a_runner_up_is_refused) {
    BOOST_CHECK_THROW(attn::attention_by_hand_lab::lead_of(arma::rowvec{1.0}), attn::InputError);
    BOOST_CHECK_THROW(attn::attention_by_hand_lab::lead_of(arma::rowvec{1.0, 0.0}), attn::InputError);
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------- chapter 08
BOOST_AUTO_TEST_SUITE(ties)

BOOST_AUTO_TEST_CASE(every_pair_of_neighbouring_codes_ties_for_closest) {
    const arma::mat PE = attn::positional_encoding(1000, 16);
    const auto c = lab08::closest_positions(PE);
    BOOST_TEST(c.is_tie());
    BOOST_TEST(c.tied.size() == 999u);
    BOOST_TEST(c.all_neighbours(1000));
    BOOST_TEST((c.p == 0u && c.q == 1u), "the first tied pair is (0, 1); got (" << c.p << ", " << c.q << ")");
    BOOST_TEST(lab08::describe_closest(c, 1000) ==
               "a tie: all 999 pairs of neighbours (p, p + 1) are 1.01 apart, and no two positions are closer");
}

BOOST_AUTO_TEST_CASE(a_single_closest_pair_is_named_and_other_ties_are_counted) {
    const auto one = lab08::closest_positions(arma::mat{{0, 0}, {5, 5}, {1, 0}, {5, 5.5}});
    BOOST_TEST(!one.is_tie());
    BOOST_TEST(lab08::describe_closest(one, 4) == "1 and 3, 0.50 apart");
    const auto two = lab08::closest_positions(arma::mat{{0, 0}, {1, 0}, {5, 5}, {6, 5}});
    BOOST_TEST(two.tied.size() == 2u);
    BOOST_TEST(!two.all_neighbours(4));  // (0, 1) and (2, 3), not (1, 2)
    BOOST_TEST(lab08::describe_closest(two, 4) == "a tie: 2 pairs are 1.00 apart, the first (0, 1)");
}

BOOST_AUTO_TEST_CASE(distances_apart_by_more_than_rounding_are_not_a_tie) {
    const auto c = lab08::closest_positions(arma::mat{{0, 0}, {1, 0}, {5, 5}, {6 + 1e-6, 5}});
    BOOST_TEST(!c.is_tie());
    BOOST_TEST((c.p == 0u && c.q == 1u));
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------- chapter 12
BOOST_AUTO_TEST_SUITE(checkpoints)

BOOST_AUTO_TEST_CASE(the_reference_and_the_learner_save_to_files_of_their_own) {
    BOOST_TEST(lab12::default_checkpoint("/c/plots", false) == "/c/checkpoints/12_translation.ckpt");
    BOOST_TEST(lab12::default_checkpoint("/c/plots", true) == "/c/checkpoints/12_translation_mine.ckpt");
    BOOST_TEST(lab12::default_checkpoint("plots", false) == "checkpoints/12_translation.ckpt");
    BOOST_TEST(lab12::default_checkpoint("/c/plots/", true) == "/c/checkpoints/12_translation_mine.ckpt");
}

BOOST_AUTO_TEST_CASE(a_checkpoint_records_whose_functions_trained_it_and_when) {
    Scratch tmp;
    const auto now = attn::model::provenance_now(true);
    save_tiny(tmp.file("m.ckpt"), now);
    BOOST_TEST(mentions(read(tmp.file("m.ckpt")), "\ntrained learner " + now.saved_at + "\n"));
    const auto c = attn::model::load_checkpoint(tmp.file("m.ckpt"));
    BOOST_TEST(c.provenance.trained_by == "learner");
    BOOST_TEST(c.provenance.saved_at == now.saved_at);
    BOOST_TEST(now.saved_at.size() == 20u);  // 2025-06-01T10:22:03Z
    BOOST_TEST(attn::model::provenance_now(false).trained_by == "reference");
    // without it, as the tests and older versions save: nothing recorded, and no line
    save_tiny(tmp.file("plain.ckpt"), {});
    BOOST_TEST(!mentions(read(tmp.file("plain.ckpt")), "trained"));
    BOOST_TEST(!attn::model::load_checkpoint(tmp.file("plain.ckpt")).provenance.recorded());
}

BOOST_AUTO_TEST_CASE(a_malformed_provenance_is_refused_when_saved_and_when_loaded) {
    Scratch tmp;
    const std::string bad_who = thrown_message<attn::InputError>(
        [&] { save_tiny(tmp.file("x.ckpt"), {"someone", "2025-06-01T10:22:03Z"}); });
    BOOST_TEST(mentions(bad_who, "'reference' or 'learner'"), bad_who);
    BOOST_TEST(!fs::exists(tmp.file("x.ckpt")));
    BOOST_CHECK_THROW(save_tiny(tmp.file("x.ckpt"), {"learner", "yesterday"}), attn::InputError);
    BOOST_CHECK_THROW(save_tiny(tmp.file("x.ckpt"), {"", "2025-06-01T10:22:03Z"}), attn::InputError);
    save_tiny(tmp.file("m.ckpt"), {"reference", "2025-06-01T10:22:03Z"});
    std::string text = read(tmp.file("m.ckpt"));
    text = text.substr(0, text.rfind("end fnv1a64"));
    text.replace(text.find("trained reference"), 17, "trained nobody");
    const std::string msg = thrown_message<attn::InputError>(
        [&] { attn::model::parse_checkpoint(attn::model::seal_checkpoint(text), "m.ckpt"); });
    BOOST_TEST(msg == "checkpoint m.ckpt: line 3: expected 'trained reference|learner YYYY-MM-DDTHH:MM:SSZ'");
}

BOOST_AUTO_TEST_CASE(only_checkpoints_look_like_checkpoints) {
    Scratch tmp;
    save_tiny(tmp.file("m.ckpt"), {});
    write(tmp.file("notes.txt"), "my notes\n");
    write(tmp.file("empty"), "");
    BOOST_TEST(attn::model::looks_like_checkpoint(tmp.file("m.ckpt")));
    BOOST_TEST(!attn::model::looks_like_checkpoint(tmp.file("notes.txt")));
    BOOST_TEST(!attn::model::looks_like_checkpoint(tmp.file("empty")));
    BOOST_TEST(!attn::model::looks_like_checkpoint(tmp.file("missing")));
    BOOST_TEST(!attn::model::looks_like_checkpoint(tmp.dir.string()));
}

BOOST_AUTO_TEST_CASE(a_run_never_replaces_the_other_sides_checkpoint_nor_a_file_that_is_not_one) {
    Scratch tmp;
    save_tiny(tmp.file("ref.ckpt"), {"reference", "2025-06-01T10:22:03Z"});
    save_tiny(tmp.file("mine.ckpt"), {"learner", "2025-06-02T08:00:00Z"});
    BOOST_TEST((lab12::check_destination(tmp.file("nothing.ckpt"), false) == lab12::Destination::free));
    BOOST_TEST((lab12::check_destination(tmp.file("ref.ckpt"), false) == lab12::Destination::same));
    BOOST_TEST((lab12::check_destination(tmp.file("mine.ckpt"), true) == lab12::Destination::same));
    const std::string theirs = thrown_message<attn::InputError>([&] { lab12::check_destination(tmp.file("mine.ckpt"), false); });
    BOOST_TEST(mentions(theirs, "mine.ckpt holds the model trained on your functions (saved 2025-06-02 08:00 UTC)"), theirs);
    BOOST_TEST(mentions(theirs, "give --checkpoint another file name"), theirs);
    const std::string ours = thrown_message<attn::InputError>([&] { lab12::check_destination(tmp.file("ref.ckpt"), true); });
    BOOST_TEST(mentions(ours, "ref.ckpt holds the reference's model (saved 2025-06-01 10:22 UTC)"), ours);
    const std::string notes_before = "a file the learner wrote\n";
    write(tmp.file("notes.txt"), notes_before);
    const std::string notes = thrown_message<attn::InputError>([&] { lab12::check_destination(tmp.file("notes.txt"), false); });
    BOOST_TEST(mentions(notes, "is a file of yours that is not a checkpoint of this course"), notes);
    BOOST_TEST(read(tmp.file("notes.txt")) == notes_before);
    BOOST_TEST(mentions(thrown_message<attn::InputError>([&] { lab12::check_destination(tmp.dir.string(), true); }),
                        "is not a regular file"));
}

BOOST_AUTO_TEST_CASE(a_checkpoint_that_does_not_say_whose_it_is_is_kept_under_a_new_name) {
    Scratch tmp;
    save_tiny(tmp.file("old.ckpt"), {});
    BOOST_TEST((lab12::check_destination(tmp.file("old.ckpt"), false) == lab12::Destination::unrecorded));
    const std::string text = read(tmp.file("old.ckpt"));
    write(tmp.file("cut.ckpt"), text.substr(0, text.size() / 2));  // damaged: whose cannot be read
    BOOST_TEST((lab12::check_destination(tmp.file("cut.ckpt"), true) == lab12::Destination::unrecorded));
    BOOST_TEST(lab12::keep_aside(tmp.file("old.ckpt")) == tmp.file("old.ckpt.kept-1"));
    BOOST_TEST(!fs::exists(tmp.file("old.ckpt")));
    BOOST_TEST(read(tmp.file("old.ckpt.kept-1")) == text);
    // a second one goes to the next free name, never over the first
    write(tmp.file("old.ckpt"), "second\n");
    BOOST_TEST(lab12::keep_aside(tmp.file("old.ckpt")) == tmp.file("old.ckpt.kept-2"));
    BOOST_TEST(read(tmp.file("old.ckpt.kept-1")) == text);
    BOOST_TEST(read(tmp.file("old.ckpt.kept-2")) == "second\n");
    BOOST_CHECK_THROW(lab12::keep_aside(tmp.file("missing.ckpt")), attn::InputError);
}

BOOST_AUTO_TEST_CASE(translate_says_whose_model_it_used_and_when_it_was_saved) {
    Scratch tmp;
    BOOST_TEST(lab12::describe_provenance({"reference", "2025-06-01T10:22:03Z"}, "x") ==
               "the reference's model (trained on the reference solutions), saved 2025-06-01 10:22 UTC");
    BOOST_TEST(lab12::describe_provenance({"learner", "2025-06-01T10:22:03Z"}, "x") ==
               "your model (trained on your functions), saved 2025-06-01 10:22 UTC");
    save_tiny(tmp.file("old.ckpt"), {});
    const std::string old = lab12::describe_provenance({}, tmp.file("old.ckpt"));
    BOOST_TEST(mentions(old, "does not record whose it is or when it was trained"), old);
    BOOST_TEST(mentions(old, "the file was last changed 20"), old);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(words_to_translate)

BOOST_AUTO_TEST_CASE(english_sentences_encode_as_the_vocabulary_encodes_them) {
    const auto task = attn::tasks::translation(10, 2, 4);
    BOOST_TEST((lab12::encode_english(task.vocab, "I love LLMs") == task.vocab.encode("I love LLMs")));
    BOOST_TEST((lab12::encode_english(task.vocab, "she loves the red car") == task.vocab.encode("she loves the red car")));
    BOOST_TEST((lab12::encode_english(task.vocab, "i LOVE llms") == task.vocab.encode("I love LLMs")));
}

BOOST_AUTO_TEST_CASE(an_unknown_word_is_named_with_the_english_words_alone) {
    const auto task = attn::tasks::translation(10, 2, 4);
    const std::string msg = thrown_message<attn::InputError>([&] { lab12::encode_english(task.vocab, "the purple car"); });
    BOOST_TEST(mentions(msg, "'purple' is not a word this model knows (it knows these English words: I love the car"), msg);
    for (const char* french : {"voiture", "aime", "les", "rouge", "j'"})
        BOOST_TEST(!mentions(msg, std::string(" ") + french + " "), "a French word in the list: " << french);
    for (const std::string& w : attn::tasks::english_words()) BOOST_TEST(mentions(msg, " " + w), w);
    const std::string fr = thrown_message<attn::InputError>([&] { lab12::encode_english(task.vocab, "la voiture rouge"); });
    BOOST_TEST(mentions(fr, "'la' is French; the model translates from English"), fr);
    const std::string ctl = thrown_message<attn::InputError>([&] { lab12::encode_english(task.vocab, "<s> the car"); });
    BOOST_TEST(mentions(ctl, "'<s>' marks where a sentence begins or ends"), ctl);
}

BOOST_AUTO_TEST_CASE(the_english_words_are_those_of_the_grammar) {
    const auto& en = attn::tasks::english_words();
    BOOST_TEST(en.size() == 36u);  // 6 pronouns, 8 verb forms, 2 articles, 6 adjectives, 14 noun forms
    // the README's examples are sentences of the grammar; a noun phrase alone is not
    BOOST_TEST(attn::tasks::translate_by_rule("she loves the red car") == "elle aime la voiture rouge");
    BOOST_CHECK_THROW(attn::tasks::translate_by_rule("the red car"), attn::InputError);  // a noun phrase, not a sentence
}

BOOST_AUTO_TEST_SUITE_END()

// ---------------------------------------------------------------- chapters 08-12
// Each README's "Errors your function raises" quotes what the reference throws: the
// same words here, so that an example the README shows is one the course gives.
BOOST_AUTO_TEST_SUITE(readme_error_examples)

BOOST_AUTO_TEST_CASE(the_examples_are_what_the_reference_solutions_throw) {
    using attn::InputError;
    using attn::ShapeError;
    BOOST_TEST(thrown_message<ShapeError>([] { attn::add_positions(arma::mat(3, 4), arma::mat(10, 6)); }) ==
               "add_positions: PE must be as wide as X (d_model); got X 3x4 and PE 10x6");
    BOOST_TEST(thrown_message<InputError>([] { attn::position_similarity(arma::mat(5, 4), 5); }) ==
               "position_similarity: position 5 is not a row of PE, which has 5 rows");
    BOOST_TEST(thrown_message<ShapeError>([] { attn::split_heads(arma::mat(3, 10), 4); }) ==
               "split_heads: the width must split evenly into the heads (d_model = h d_k); got M 3x10 and heads 1x4");
    BOOST_TEST(thrown_message<InputError>([] { attn::split_heads(arma::mat(3, 10), 0); }) ==
               "split_heads: there must be at least one head");
    BOOST_TEST(thrown_message<ShapeError>([] {
                   attn::layer_norm(arma::mat(3, 4, arma::fill::ones), arma::rowvec(5, arma::fill::ones),
                                    arma::rowvec(4, arma::fill::zeros));
               }) == "layer_norm: gain and bias need one entry per column of X (1 x d_model); got X 3x4 and gain 1x5");
    BOOST_TEST(thrown_message<ShapeError>([] { attn::cross_entropy(arma::mat(3, 5, arma::fill::zeros), {0, 1, 2, 3}); }) ==
               "cross_entropy: one target per row of the logits; got logits 3x5 and targets 4x1");
    BOOST_TEST(thrown_message<InputError>([] { attn::cross_entropy(arma::mat(3, 5, arma::fill::zeros), {0, 1, 7}); }) ==
               "cross_entropy: target 7 at row 2, but only 5 columns");
    const attn::NextTokenScores scores = [](const std::vector<arma::uword>&) { return arma::rowvec{0.0, 1.0, 2.0}; };
    BOOST_TEST(thrown_message<InputError>([&] { attn::beam_search(scores, 0, 1, 10, 0); }) ==
               "beam_search: the beam must hold at least one prefix");
    const attn::NextTokenScores none = [](const std::vector<arma::uword>&) { return arma::rowvec(); };
    BOOST_TEST(thrown_message<InputError>([&] { attn::greedy_decode(none, 0, 1, 10); }) ==
               "greedy_decode: next_scores returned no scores (an empty row)");
}

// Heads are counted from 0 in chapters 09 and 12 alike: in the figures' panel titles too.
BOOST_AUTO_TEST_CASE(the_figures_number_heads_from_zero) {
    const std::vector<arma::mat> cross = {arma::mat(3, 2, arma::fill::value(0.5)), arma::mat(3, 2, arma::fill::value(0.5))};
    const auto f = lab12::cross_attention_figure("t", cross, {"a", "b", "</s>"}, {"x", "y"});
    BOOST_REQUIRE(f.panels.size() == 2u);
    BOOST_TEST(std::get<attn::plot::Heatmap>(f.panels[0]).title == "head 0");
    BOOST_TEST(std::get<attn::plot::Heatmap>(f.panels[1]).title == "head 1");
}

BOOST_AUTO_TEST_SUITE_END()
