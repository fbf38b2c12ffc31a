// manifest.hpp: exercises/manifest.txt, the one list of exercises.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace course {

// A hint for one check of the exercise: `hint for CASE_NAME = text`, shown first when
// the exercise's last check failed in that case (hints.hpp).
struct CaseHint {
    std::string case_name;  // a test case of the exercise's suite (tests/NN_topic_test.cpp)
    std::string text;
    int line = 0;           // its line in the manifest, for messages
};

struct Exercise {
    std::string name;     // also the test suite's name
    std::string chapter;  // "01"
    std::string file;     // relative to exercises/ and solutions/
    std::string title;
    std::string summary;  // what the learner writes, for the chapter README's table ("" = the title)
    std::vector<std::string> hints;     // the general ones, in order (progressive)
    std::vector<CaseHint> case_hints;   // in the manifest's order
};

// Whether `name` can be a test case's name: letters, digits and underscores (what
// BOOST_AUTO_TEST_CASE takes), so that it can stand in one line of .course/ as it is.
bool is_case_name(const std::string& name);

// Thrown with "manifest.txt:LINE: what is wrong".
class ManifestError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Parses the text of a manifest. `origin` names it in error messages.
std::vector<Exercise> parse_manifest(const std::string& text, const std::string& origin);

// Reads and parses a manifest file.
std::vector<Exercise> load_manifest(const std::string& path);

// The exercises that `selector` picks: "" = all, "01" or "1" = one chapter,
// otherwise one exercise by name. Throws std::invalid_argument, listing what
// exists, when nothing matches.
std::vector<Exercise> select(const std::vector<Exercise>& all, const std::string& selector);

// 64-bit FNV-1a of a file's bytes, as 16 hex digits: how the course tells an
// exercise checked from one edited since (.course/status.txt).
std::string content_hash(const std::string& text);

// Reads a whole file; throws std::runtime_error naming it when it cannot.
std::string read_file(const std::string& path);

}  // namespace course
