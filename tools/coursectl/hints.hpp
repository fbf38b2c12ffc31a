// hints.hpp: which hint `./course hint NAME` (and `h` in watch) shows next.
//
// An exercise has general hints, one more shown each time it is asked (progressive),
// and hints for single checks of its suite (`hint for CASE_NAME = text` in the
// manifest). When the exercise's last check failed in such a check, that check's hints
// come first, then the general ones as before: the learner whose range check fails is
// told about ranges, not about the formula. What was shown is counted in
// .course/hints.txt: NAME for the general hints, NAME/CASE_NAME for a check's.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "manifest.hpp"

namespace course {

struct HintChoice {
    std::string text;
    std::string for_case;    // the failing check it is for; "" for a general hint
    std::size_t number = 0;  // 1-based, among the hints of its kind (that check's, or the general ones)
    std::size_t of = 0;      // how many hints that kind has
    bool last = false;       // nothing new is left to show after it
    std::string counter;     // the hints.txt entry that counts it (NAME or NAME/CASE_NAME); set it to `number`
};

// The next hint for `e`, whose last check failed in the cases `failing` (in the order
// they ran; empty when it passed, was not started or has not run), given what
// hints.txt says was shown. Once every hint was shown, the last general one again.
HintChoice choose_hint(const Exercise& e, const std::vector<std::string>& failing,
                       const std::map<std::string, std::string>& seen);

// The case hints of `e` that name no check of its suite, as "ORIGIN:LINE: ..." lines;
// `cases` is the suite's list as the chapter's module gives it (test_NN --list_content).
std::vector<std::string> hints_for_unknown_cases(const Exercise& e, const std::vector<std::string>& cases,
                                                 const std::string& origin);

}  // namespace course
