#include "hints.hpp"

#include <algorithm>

namespace course {

namespace {

// How many hints of this kind were shown (hints.txt holds only digits: load_hints).
std::size_t hints_shown(const std::map<std::string, std::string>& seen, const std::string& counter) {
    const auto it = seen.find(counter);
    return it == seen.end() || it->second.empty() ? 0 : std::stoul(it->second);
}

std::vector<const CaseHint*> hints_of_case(const Exercise& e, const std::string& case_name) {
    std::vector<const CaseHint*> out;
    for (const auto& h : e.case_hints)
        if (h.case_name == case_name) out.push_back(&h);
    return out;
}

}  // namespace

HintChoice choose_hint(const Exercise& e, const std::vector<std::string>& failing,
                       const std::map<std::string, std::string>& seen) {
    // what is left unseen: each failing check's hints, then the general ones
    std::vector<std::string> cases;
    for (const auto& c : failing)
        if (std::find(cases.begin(), cases.end(), c) == cases.end()) cases.push_back(c);
    const std::size_t general_seen = std::min(hints_shown(seen, e.name), e.hints.size());
    std::size_t left = e.hints.size() - general_seen;
    for (const auto& c : cases) {
        const std::size_t n = hints_of_case(e, c).size();
        left += n - std::min(hints_shown(seen, e.name + "/" + c), n);
    }
    for (const auto& c : cases) {
        const auto hints = hints_of_case(e, c);
        const std::string counter = e.name + "/" + c;
        const std::size_t k = hints_shown(seen, counter);
        if (k < hints.size()) return {hints[k]->text, c, k + 1, hints.size(), left == 1, counter};
    }
    // the general hints, one more each time; the last one again once all were seen
    const std::size_t k = std::min(general_seen, e.hints.size() - 1);
    return {e.hints[k], "", k + 1, e.hints.size(), k + 1 >= e.hints.size(), e.name};
}

std::vector<std::string> hints_for_unknown_cases(const Exercise& e, const std::vector<std::string>& cases,
                                                 const std::string& origin) {
    std::vector<std::string> out;
    for (const auto& h : e.case_hints) {
        if (std::find(cases.begin(), cases.end(), h.case_name) != cases.end()) continue;
        std::string known;
        for (const auto& c : cases) known += (known.empty() ? "" : ", ") + c;
        out.push_back(origin + ":" + std::to_string(h.line) + ": 'hint for " + h.case_name + "': " + e.name +
                      "'s suite has no check of that name (its checks: " + (known.empty() ? "none listed" : known) + ")");
    }
    return out;
}

}  // namespace course
