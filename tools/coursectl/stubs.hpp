// stubs.hpp: the exercise stubs as the course shipped them.
//
// No list of fingerprints is kept by hand: the original stubs are the versions of
// exercises/ in the course's own git history, the branch it was cloned from
// (origin/HEAD; without a remote, the upstream of HEAD, else HEAD itself). A
// learner's own commits sit on top of it and change nothing here.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace course {

class Stubs {
public:
    explicit Stubs(const std::string& root);  // asks git once which stubs there are

    bool available() const { return !ref_.empty(); }
    std::string why_not() const { return why_; }  // when !available()
    const std::string& ref() const { return ref_; }

    // For each path under the course folder ("exercises/01_rnn_loop/rnn_step.cpp"): is the file
    // as it is now byte for byte the stub? (One git call for all of them.)
    std::vector<bool> untouched(const std::vector<std::string>& paths) const;
    bool untouched(const std::string& path) const { return untouched(std::vector<std::string>{path}).at(0); }

    // The stub's text; throws std::runtime_error naming the file when there is none.
    std::string text(const std::string& path) const;

private:
    std::string root_, ref_, why_;
    std::map<std::string, std::string> blobs_;  // path -> git blob id at ref_
};

}  // namespace course
