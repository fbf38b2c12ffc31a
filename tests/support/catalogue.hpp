// catalogue.hpp: what a named mistake is, and the one list of them.
//
// Each mistake is declared once, in the catalogue file of the chapter where it is
// first met (tests/catalogue/NN_topic.hpp; the ones every chapter shares, and the
// relations of tests/support/relations.hpp, in tests/catalogue/common.hpp):
//
//   ATTN_MISTAKE(some_slip, "exercise_one exercise_two",
//                "what the code did, in C++ terms, and the fix (chapter NN)");
//
// with its id (snake_case, stable: a wrong implementation tests/mistakes/<exercise>/
// <id>.cpp proves it), the exercises it applies to ("*": any), and the sentence the
// learner reads, in C++ terms and with the fix. Everything else about a mistake (the
// coverage rows, the check that each one has a wrong implementation, the check that a
// test only names mistakes declared for its exercise) is derived from this list.
#pragma once

#include <cstring>
#include <string>
#include <vector>

namespace attn_test {

struct Mistake {
    const char* id;
    const char* exercises;    // names separated by spaces, or "*" for every exercise
    const char* explanation;  // what the learner reads after "mistake:"

    bool applies_to(const std::string& exercise) const {
        if (std::strcmp(exercises, "*") == 0) return true;
        const std::string list = std::string(" ") + exercises + " ";
        return list.find(" " + exercise + " ") != std::string::npos;
    }
};

// Every declared mistake, in the order of declaration (tests/catalogue/*.hpp).
inline std::vector<const Mistake*>& catalogue() {
    static std::vector<const Mistake*> all;
    return all;
}
struct Registered {
    explicit Registered(const Mistake& m) { catalogue().push_back(&m); }
};

#define ATTN_MISTAKE(ID, EXERCISES, TEXT)             \
    inline constexpr ::attn_test::Mistake ID{#ID, EXERCISES, TEXT}; \
    inline const ::attn_test::Registered ID##_registered_ { ID }

}  // namespace attn_test
