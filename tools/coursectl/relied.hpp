// relied.hpp: which other exercises a learner's exercise leans on.
//
// A check program links the learner's file for one exercise and the reference
// versions of every other exercise it may call. When the learner's code calls a
// function of an exercise they have not finished, a pass was earned with our
// version of that function, and the verdict says so. What it calls is read from
// the compiled object files (`nm`), so it is what the code really calls.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "manifest.hpp"

namespace course {

class Reliance {
public:
    // `learner` names the object libraries of the learner's files ("ex_"); the suite's
    // test points it at the reference ones ("sol_"), whose calls it knows.
    explicit Reliance(std::string build, std::string learner = "ex_")
        : build_(std::move(build)), learner_(std::move(learner)) {}
    // The exercises among `others` whose functions the learner's object file of `e` calls.
    std::vector<Exercise> called_by(const Exercise& e, const std::vector<Exercise>& others);

private:
    std::string build_, learner_;
    std::map<std::string, std::set<std::string>> defined_;  // reference object of an exercise -> its symbols
    std::set<std::string> symbols(const std::string& target, bool defined);
    // The symbols the reference objects of `exercises` define, into defined_: one nm for
    // them all (an nm per exercise cost 0.1 s each, 2 s for a chapter 04 check).
    void load_defined(const std::vector<Exercise>& exercises);
};

// The object files CMake compiled for one target (BUILD/CMakeFiles/TARGET.dir/**.o;
// an absolute TARGET is that folder itself).
std::vector<std::string> objects_of(const std::string& build, const std::string& target);

// The shared libraries a program links, all of them (libstdc++, libc, Boost.Test,
// Armadillo, OpenBLAS, ...), as the dynamic loader finds them for a check: `ldd` in the
// checks' clean environment. Only for the checker's own programs (build/test_NN, which
// hold no learner code). Empty when they cannot be listed.
std::vector<std::string> linked_libraries(const std::string& program);

// What a learner's object files define or call that an exercise never does, by
// name, demangled ("boost::unit_test::test_results::passed() const", "main"): a
// definition with external linkage outside namespace attn (a weak copy of an
// Armadillo or standard-library template is fine: every file has those), or a
// call into Boost (the test framework) or the dynamic loader. Such code could make
// a check say what it likes, so the check is refused before it runs. Empty when
// the objects are fine (or nm cannot be run: then nothing is refused).
// `checks` are the test module's objects: a strong definition in the learner's objects
// of a name they define too (an inline function or constant of namespace attn that the
// checks use) would replace theirs at link time, and is refused as well.
// `libraries` are the shared libraries the check program links (linked_libraries): a
// definition, weak or strong, of a name one of them exports would be exported by the
// program and replace the library's own for every caller, the tests and Boost.Test
// included; it is refused, with the library named and why
// ("NAME, which libstdc++.so.6 defines: ...").
std::vector<std::string> refused_symbols(const std::vector<std::string>& objects,
                                         const std::vector<std::string>& checks = {},
                                         const std::vector<std::string>& libraries = {});

}  // namespace course
