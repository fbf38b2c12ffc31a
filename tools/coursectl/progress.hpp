// progress.hpp: what `./course watch` follows, what it moves on to, and when it says
// that a chapter, or what was asked for, is done.
//
// Pure: the exercises in course order and, for each, whether it is done (its status is
// "done" for the file as it is now, .course/status.txt). A watch of one chapter or one
// exercise stops once that is done and says what comes next; a watch of the whole course
// goes on through it, saying when each chapter is done.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "manifest.hpp"

namespace course {

struct WatchScope {
    enum class Kind { Course, Chapter, Exercise };
    Kind kind = Kind::Course;
    std::string chapter;   // Kind::Chapter: "08"
    std::string exercise;  // Kind::Exercise: its name
    bool holds(const Exercise& e) const;
};

// "" = the whole course, "08" or "8" = one chapter, otherwise one exercise by name.
// Throws std::invalid_argument, as select() does, when nothing matches.
WatchScope watch_scope(const std::vector<Exercise>& all, const std::string& selector);

// The first exercise of the scope that is not done, at `from` or after it in course
// order, going round to the start; all.size() when every one is done.
std::size_t next_unfinished(const std::vector<Exercise>& all, const std::vector<bool>& done, const WatchScope& scope,
                            std::size_t from);

bool chapter_done(const std::vector<Exercise>& all, const std::vector<bool>& done, const std::string& chapter);

// What watch says once the scope is done, with the command for what comes next:
//   chapter 08 is done: every exercise passes; next: ./course watch 09
//   rnn_forward is done: every check passes; next: ./course watch input_projections
//   every exercise is done. Well done!
std::string scope_done_line(const std::vector<Exercise>& all, const std::vector<bool>& done, const WatchScope& scope);

// "chapter 01 is done: every exercise passes", said as a watch of the whole course
// moves past a chapter it just finished.
std::string chapter_done_line(const std::string& chapter);

}  // namespace course
