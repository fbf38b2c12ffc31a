#include "progress.hpp"

namespace course {

bool WatchScope::holds(const Exercise& e) const {
    switch (kind) {
        case Kind::Chapter: return e.chapter == chapter;
        case Kind::Exercise: return e.name == exercise;
        case Kind::Course: break;
    }
    return true;
}

WatchScope watch_scope(const std::vector<Exercise>& all, const std::string& selector) {
    WatchScope scope;
    if (selector.empty()) return scope;
    const auto chosen = select(all, selector);  // throws, listing what exists, when nothing matches
    // a number is a chapter, even one with a single exercise
    if (selector.find_first_not_of("0123456789") == std::string::npos) {
        scope.kind = WatchScope::Kind::Chapter;
        scope.chapter = chosen.at(0).chapter;
    } else {
        scope.kind = WatchScope::Kind::Exercise;
        scope.exercise = chosen.at(0).name;
    }
    return scope;
}

std::size_t next_unfinished(const std::vector<Exercise>& all, const std::vector<bool>& done, const WatchScope& scope,
                            std::size_t from) {
    for (std::size_t k = 0; k < all.size(); ++k) {
        const std::size_t i = (from + k) % all.size();
        if (scope.holds(all[i]) && !done.at(i)) return i;
    }
    return all.size();
}

bool chapter_done(const std::vector<Exercise>& all, const std::vector<bool>& done, const std::string& chapter) {
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i].chapter == chapter && !done.at(i)) return false;
    return true;
}

namespace {

// The first chapter after `after`, in course order and going round to the start, with
// an exercise that is not done; "" when every exercise is done.
std::string next_unfinished_chapter(const std::vector<Exercise>& all, const std::vector<bool>& done,
                                    const std::string& after) {
    WatchScope course;
    std::size_t last = 0;
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i].chapter == after) last = i;
    const std::size_t next = next_unfinished(all, done, course, last + 1);
    return next < all.size() ? all[next].chapter : "";
}

}  // namespace

std::string chapter_done_line(const std::string& chapter) {
    return "chapter " + chapter + " is done: every exercise passes";
}

std::string scope_done_line(const std::vector<Exercise>& all, const std::vector<bool>& done, const WatchScope& scope) {
    const std::string well_done = "every exercise is done. Well done!";
    if (scope.kind == WatchScope::Kind::Course) return well_done;
    if (scope.kind == WatchScope::Kind::Chapter) {
        const std::string next = next_unfinished_chapter(all, done, scope.chapter);
        return chapter_done_line(scope.chapter) + (next.empty() ? "; " + well_done : "; next: ./course watch " + next);
    }
    std::size_t at = 0;
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i].name == scope.exercise) at = i;
    const std::size_t next = next_unfinished(all, done, WatchScope{}, at + 1);
    std::string line = scope.exercise + " is done: every check passes";
    if (chapter_done(all, done, all.at(at).chapter)) line += ", and so is chapter " + all[at].chapter;
    return line + (next < all.size() ? "; next: ./course watch " + all[next].name : "; " + well_done);
}

}  // namespace course
