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
