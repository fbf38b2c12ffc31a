// The catalogue of named mistakes (tests/catalogue/) against the exercises and the
// wrong versions that prove each mistake (tests/mistakes/<exercise>/<id>[.which].cpp).
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(catalogue)

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "catalogue/all.hpp"
#include "support/compare.hpp"
#include "support/relations.hpp"

namespace fs = std::filesystem;

namespace {

// exercise name -> chapter folder, from the files exercises/NN_topic/NAME.cpp
std::map<std::string, std::string> exercises() {
    std::map<std::string, std::string> out;
    for (const auto& dir : fs::directory_iterator(std::string(ATTN_SOURCE_DIR) + "/exercises"))
        if (dir.is_directory())
            for (const auto& f : fs::directory_iterator(dir.path()))
                if (f.path().extension() == ".cpp") out[f.path().stem().string()] = dir.path().filename().string();
    return out;
}

std::set<std::string> listed(const attn_test::Mistake& m) {
    std::set<std::string> out;
    std::string word;
    for (const char c : std::string(m.exercises) + " ") {
        if (c != ' ') {
            word += c;
        } else if (!word.empty()) {
            out.insert(word);
            word.clear();
        }
    }
    return out;
}

// (exercise, id) of every wrong version, from its path.
std::set<std::pair<std::string, std::string>> wrong_versions() {
    std::set<std::pair<std::string, std::string>> out;
    for (const auto& dir : fs::directory_iterator(std::string(ATTN_SOURCE_DIR) + "/tests/mistakes"))
        if (dir.is_directory())
            for (const auto& f : fs::directory_iterator(dir.path())) {
                const std::string name = f.path().filename().string();
                if (f.path().extension() != ".cpp") continue;
                out.insert({dir.path().filename().string(), name.substr(0, name.find('.'))});
            }
    return out;
}

// The words (runs of letters, digits and '_') of every file under tests/, src/ and tools/,
// by path, but the versions of exercises (tests/mistakes/, tests/correct/) and Markdown:
// where a mistake id may be written besides its wrong versions and the documents.
std::map<std::string, std::set<std::string>> words_of_the_code() {
    const fs::path root(ATTN_SOURCE_DIR);
    std::map<std::string, std::set<std::string>> out;
    for (const char* top : {"tests", "src", "tools"})
        for (const auto& f : fs::recursive_directory_iterator(root / top)) {
            const std::string path = fs::relative(f.path(), root).generic_string();
            if (!f.is_regular_file() || f.path().extension() == ".md" || path.rfind("tests/mistakes/", 0) == 0 ||
                path.rfind("tests/correct/", 0) == 0)
                continue;
            std::ifstream in(f.path(), std::ios::binary);
            std::stringstream text;
            text << in.rdbuf();
            std::set<std::string>& words = out[path];
            std::string word;
            for (const char c : text.str() + " ") {
                if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
                    word += c;
                } else if (!word.empty()) {
                    words.insert(word);
                    word.clear();
                }
            }
        }
    return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(catalogue)

BOOST_AUTO_TEST_CASE(ids_are_unique_snake_case_and_every_sentence_says_something) {
    std::set<std::string> seen;
    for (const auto* m : attn_test::catalogue()) {
        BOOST_TEST(seen.insert(m->id).second, "mistake " << m->id << " is declared twice");
        const std::string id = m->id;
        BOOST_TEST(id.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") == std::string::npos,
                   "mistake ids are snake_case: " << id);
        BOOST_TEST(std::string(m->explanation).size() > 20u, "mistake " << id << " has no sentence worth reading");
        // "{}" is where a detail goes (sentence() fills the first one in): a second would stay as
        // it is, and C++'s empty braces in a sentence would be taken for the place of a detail
        const std::string text = m->explanation;
        const auto first = text.find("{}");
        BOOST_TEST((first == std::string::npos || text.find("{}", first + 2) == std::string::npos),
                   "mistake " << id << " has two {}: only one place for a detail, and no empty braces of C++");
        BOOST_TEST(text.find("return {}") == std::string::npos, "mistake " << id << ": 'return {}' would be filled with a detail");
    }
    BOOST_TEST(seen.size() > 100u, "the catalogue looks empty: " << seen.size() << " mistakes");
}

BOOST_AUTO_TEST_CASE(every_listed_exercise_exists) {
    const auto all = exercises();
    for (const auto* m : attn_test::catalogue()) {
        if (std::string(m->exercises) == "*") continue;
        BOOST_TEST(!listed(*m).empty(), "mistake " << m->id << " lists no exercise (\"*\" for any)");
        for (const auto& e : listed(*m))
            BOOST_TEST(all.count(e) == 1u, "mistake " << m->id << " lists exercise '" << e << "', which does not exist");
    }
}

BOOST_AUTO_TEST_CASE(every_mistake_has_a_wrong_version_of_an_exercise_it_applies_to) {
    const auto versions = wrong_versions();
    for (const auto* m : attn_test::catalogue()) {
        bool proven = false;
        for (const auto& [exercise, id] : versions) proven = proven || (id == m->id && m->applies_to(exercise));
        BOOST_TEST(proven, "mistake " << m->id << " has no wrong version tests/mistakes/<exercise>/" << m->id
                                      << ".cpp for an exercise it lists");
    }
}

BOOST_AUTO_TEST_CASE(every_wrong_version_names_a_mistake_of_its_exercise) {
    const auto all = exercises();
    std::map<std::string, const attn_test::Mistake*> by_id;
    for (const auto* m : attn_test::catalogue()) by_id[m->id] = m;
    for (const auto& [exercise, id] : wrong_versions()) {
        BOOST_TEST(all.count(exercise) == 1u, "tests/mistakes/" << exercise << "/: there is no exercise " << exercise);
        const auto it = by_id.find(id);
        BOOST_TEST((it != by_id.end()), "tests/mistakes/" << exercise << "/" << id << ".cpp: '" << id
                                                          << "' is not a mistake of tests/catalogue/");
        if (it != by_id.end())
            BOOST_TEST(it->second->applies_to(exercise), "tests/mistakes/" << exercise << "/" << id << ".cpp: mistake " << id
                                                                            << " does not list exercise " << exercise);
    }
}

// A mistake's id is written where it is declared and where it is recognised, nowhere else:
// a slip that several exercises share is recognised by one family or helper of
// tests/support/ (families.hpp), which the exercises apply without naming it, so that
// changing its recogniser is one change, and a new exercise that applies the family has it.
BOOST_AUTO_TEST_CASE(every_mistake_is_named_in_its_declaration_and_one_recogniser_only) {
    const auto files = words_of_the_code();
    for (const auto* m : attn_test::catalogue()) {
        std::string where;
        int n = 0;
        for (const auto& [path, words] : files)
            if (words.count(m->id)) where += (n++ ? ", " : "") + path;
        BOOST_TEST(n <= 2, "mistake " << m->id << " is named in " << n << " files (" << where
                                      << "); its declaration and one recogniser at most: a slip several exercises "
                                         "share belongs to a family of tests/support/families.hpp (CONTRIBUTING.md, "
                                         "'Adding a named mistake')");
    }
}

BOOST_AUTO_TEST_SUITE_END()

// The one comparison's description of a difference: where, and what the wrong numbers
// still have in common with the right ones (facts the learner can reason from).
BOOST_AUTO_TEST_SUITE(describing_a_difference)

using attn_test::axes;
using attn_test::describe_difference;
using attn_test::mentions;

BOOST_AUTO_TEST_CASE(a_squashed_result_is_told_by_its_signs_order_and_size) {
    const arma::mat want = {{0.9, -0.5, 0.2, -0.8, 0.6, 0.1}};
    const arma::mat got = arma::tanh(arma::atanh(want) / 2);  // a nonlinearity of half the argument
    const std::string d = describe_difference("h", got, want, attn_test::entries("feature"));
    BOOST_TEST(mentions(d, "wrong everywhere"), d);
    BOOST_TEST(mentions(d, "have the right signs"), d);
    BOOST_TEST(mentions(d, "keep the order of the right ones"), d);
    BOOST_TEST(mentions(d, "are all smaller: 0.5"), d);
}

BOOST_AUTO_TEST_CASE(signs_and_sizes_are_said_only_when_they_hold_for_every_wrong_entry) {
    const arma::mat want = {{1.0, -2.0, 3.0, -4.0}};
    const arma::mat got = {{2.0, 2.0, 1.0, -8.0}};  // one sign wrong, sizes both ways
    const std::string d = describe_difference("x", got, want, attn_test::entries("entry"));
    BOOST_TEST(mentions(d, "have the wrong sign at 1 of 4"), d);
    BOOST_TEST(!mentions(d, "smaller"), d);
    BOOST_TEST(!mentions(d, "larger"), d);
    BOOST_TEST(!mentions(d, "order"), d);  // 4 entries: an order kept by chance is too likely
    const std::string flipped = describe_difference("x", -0.5 * want, want, attn_test::entries("entry"));
    BOOST_TEST(mentions(flipped, "all have the wrong sign"), flipped);
    BOOST_TEST(!mentions(flipped, "smaller"), flipped);  // a size is said only with the right signs
}

BOOST_AUTO_TEST_CASE(a_difference_of_rounding_is_not_told_as_a_size) {
    const arma::mat want = {{0.9, 0.5, 0.2, 0.8}};
    const std::string d = describe_difference("x", want * (1 - 1e-7), want, attn_test::entries("entry"));
    BOOST_TEST(mentions(d, "have the right signs"), d);
    BOOST_TEST(!mentions(d, "times the right size"), d);
}

BOOST_AUTO_TEST_CASE(rows_of_weights_are_told_by_what_they_sum_to) {
    const arma::mat S = {{1.0, 2.0, 0.5}, {0.0, -1.0, 3.0}};
    arma::mat want = arma::exp(S);
    want.each_col() /= arma::sum(want, 1);
    const arma::mat sigmoid = 1 / (1 + arma::exp(-S));  // each weight alone
    const std::string d = describe_difference("A", sigmoid, want, axes("query", "key"));
    BOOST_TEST(mentions(d, "the right ones sum to 1 for each query, yours to "), d);
    arma::mat other_axis = arma::exp(S);
    other_axis.each_row() /= arma::sum(other_axis, 0);
    const std::string o = describe_difference("A", other_axis, want, axes("query", "key"));
    BOOST_TEST(mentions(o, "yours sum to 1 down each column"), o);
    arma::mat hotter = arma::exp(2 * S);  // still normalised, from other scores
    hotter.each_col() /= arma::sum(hotter, 1);
    const std::string h = describe_difference("A", hotter, want, axes("query", "key"));
    BOOST_TEST(mentions(h, "yours still sum to 1 for each query"), h);
}

BOOST_AUTO_TEST_CASE(one_number_is_told_by_its_ratio_to_the_right_one) {
    const arma::mat want(1, 1, arma::fill::value(1.8));
    const std::string quarter = describe_difference("loss", want / 4, want, attn_test::entries("value"));
    BOOST_TEST(mentions(quarter, "loss is 0.45; it should be 1.8 (0.25 times the right value)"), quarter);
    const std::string flipped = describe_difference("loss", -want, want, attn_test::entries("value"));
    BOOST_TEST(mentions(flipped, "(the opposite sign)"), flipped);
    const std::string close = describe_difference("loss", want * 1.001, want, attn_test::entries("value"));
    BOOST_TEST(!mentions(close, "times"), close);  // a slip of rounding, not of size
    const arma::mat three(1, 1, arma::fill::value(3.0)), four(1, 1, arma::fill::value(4.0));
    BOOST_TEST(!mentions(describe_difference("n", three, four, attn_test::counted()), "times"));
}

BOOST_AUTO_TEST_CASE(counts_and_few_entries_get_no_pattern) {
    const arma::mat want = {{1.0, 2.0}}, got = {{0.5, 1.0}};
    BOOST_TEST(!mentions(describe_difference("x", got, want, attn_test::entries("entry")), "your wrong entries"));
    const arma::mat many = arma::linspace<arma::rowvec>(1, 6, 6), half = many / 2;
    BOOST_TEST(!mentions(describe_difference("n", half, many, attn_test::counted()), "your wrong entries"));
}

BOOST_AUTO_TEST_SUITE_END()

// The relations of tests/support/relations.hpp, on results made by hand (told apart by
// their keys: an id is written in its declaration and its recogniser only).
BOOST_AUTO_TEST_SUITE(relations)

using attn_test::mentions;
using attn_test::Part;

std::vector<attn_test::Finding> found(const arma::mat& got, const arma::mat& want) {
    return attn_test::relations_between(Part{"concat", got, attn_test::axes("token", "column")},
                                        Part{"concat", want, attn_test::axes("token", "column")}, {}, {}, 1e-12);
}

BOOST_AUTO_TEST_CASE(a_shift_of_several_columns_is_named_when_it_left_zeros_behind) {
    const arma::mat Y = arma::reshape(arma::linspace(1, 24, 24), 3, 8);
    arma::mat R(3, 8, arma::fill::zeros);
    R.cols(3, 7) = Y.cols(0, 4);  // every column 3 places to the right, the first 3 left at 0
    const auto f = found(R, Y);
    BOOST_TEST_REQUIRE(f.size() == 1u);
    BOOST_TEST(f[0].key == "shifted:late_cols:3");
    BOOST_TEST(mentions(f[0].text, "concat is 3 columns late: column i holds what belongs to column i - 3"), f[0].text);
    R.cols(0, 2).fill(7.0);  // the same shift over other numbers: no evidence of an offset
    BOOST_TEST(found(R, Y).empty());
}

BOOST_AUTO_TEST_CASE(a_running_sum_and_a_softmax_too_many_are_named) {
    const arma::mat Y = {{1.0, -2.0, 0.5}, {3.0, 0.25, -1.0}};
    const auto running = found(arma::cumsum(Y, 1), Y);
    BOOST_TEST_REQUIRE(running.size() == 1u);
    BOOST_TEST(running[0].key == "running:rows");
    arma::mat soft = arma::exp(Y);
    soft.each_col() /= arma::sum(soft, 1);
    const auto softmax = found(soft, Y);
    BOOST_TEST_REQUIRE(softmax.size() == 1u);
    BOOST_TEST(softmax[0].key == "softmax_of_right");
}

BOOST_AUTO_TEST_CASE(the_causes_of_a_nan_are_listed_once_for_all_the_parts_that_hold_one) {
    const arma::mat Y = {{0.25, 0.75}, {0.0, 0.0}};
    arma::mat R = Y;
    R.row(1).fill(arma::datum::nan);
    const attn_test::Result want = attn_test::result("weights", Y, attn_test::axes("query", "key")).add("output", Y);
    const attn_test::Result got = attn_test::result("weights", R, attn_test::axes("query", "key")).add("output", R);
    const auto f = attn_test::relations_between(got, want, {}, {}, 1e-12, "f");
    BOOST_TEST_REQUIRE(f.size() == 1u);
    BOOST_TEST(f[0].key == "weights:not_finite|output:not_finite");
    const std::string cause = "an exp that overflowed";
    const std::size_t first = f[0].text.find(cause);
    BOOST_TEST_REQUIRE(first != std::string::npos, f[0].text);
    BOOST_TEST(f[0].text.find(cause, first + 1) == std::string::npos, f[0].text);
    BOOST_TEST(mentions(f[0].text, "; output holds NaN where the right value is finite"), f[0].text);
}

BOOST_AUTO_TEST_CASE(a_sequence_one_token_off_is_named_by_where) {
    const auto seq = [](const std::vector<arma::uword>& t) { return attn_test::tokens("answer", t).parts.at(0); };
    const Part want = seq({2, 7, 4, 9, 3});
    auto key = [&](const std::vector<arma::uword>& got) {
        std::string keys;
        for (const auto& f : attn_test::relations_between(seq(got), want, {}, {}, 0)) keys += (keys.empty() ? "" : " | ") + f.key;
        return keys;
    };
    BOOST_TEST(key({7, 4, 9, 3}) == "left_out:first");
    BOOST_TEST(key({2, 7, 4, 9}) == "left_out:last");
    BOOST_TEST(key({2, 7, 4, 3}) == "left_out:second to last");
    BOOST_TEST(key({2, 7, 4, 9, 3, 3}) == "extra:second to last | extra:last");  // either 3 is the one too many
    BOOST_TEST(key({0, 7, 4, 9, 3}) == "replaced:first");
    BOOST_TEST(key({0, 0, 2, 7, 4, 9, 3}) == "zeros_in_front");
    BOOST_TEST(key({}) == "empty");
    BOOST_TEST(key({2, 7, 9, 3, 0}) == "");  // two tokens off is no single edit: nothing is said
    BOOST_TEST(key({1, 7, 4, 9, 1}) == "");
}

BOOST_AUTO_TEST_SUITE_END()
