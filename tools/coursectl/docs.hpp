// docs.hpp: the checks that keep the documents true to the code, and the tables
// generated from exercises/manifest.txt (coursectl doc-check, coursectl doc-gen).
//
//  - coverage:   docs/COVERAGE.md's table maps every item of the tutorial to the
//                exercises, mistakes, plots and outputs that cover it; each name
//                must exist, and every exercise must appear;
//  - bad-input:  docs/BAD_INPUT.md's table names, in its last column, the tests that
//                hold each row; each must be a test of the build tree;
//  - chapters:   each chapter README's exercise table is the one generated from the
//                manifest, and docs/MISTAKES.md the one generated from the catalogue
//                (coursectl doc-gen writes both);
//  - paths:      a path a document or a comment names exists, and a chapter is never
//                named by another chapter's number.
// Each returns its problems, one line each; none means the documents hold.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "manifest.hpp"

namespace course {

// What the coverage table may name.
struct CourseNames {
    std::set<std::string> exercises;  // with their chapters below
    std::vector<std::pair<std::string, std::string>> exercise_chapters;
    std::set<std::string> mistakes;   // ids of tests/catalogue/*.hpp
    std::set<std::string> plots;      // save("NAME", ...) in chapters/ and src/
    std::set<std::string> chapters;   // "01".."12" with a main.cpp
};
CourseNames course_names(const std::string& root);
// The ids declared in a catalogue file's text (ATTN_MISTAKE(id, ...)).
std::vector<std::string> catalogue_ids(const std::string& text);

std::vector<std::string> check_coverage(const std::string& table_text, const CourseNames& names);
std::vector<std::string> check_bad_input(const std::string& table_text, const std::set<std::string>& tests);

// The exercise table of one chapter's README, as generated from the manifest.
std::string chapter_table(const std::vector<Exercise>& exercises, const std::string& chapter);
// The README text with its generated table replaced (between the markers below);
// throws std::runtime_error naming the file when the markers are missing.
std::string with_chapter_table(const std::string& readme, const std::string& table, const std::string& origin);
constexpr const char* kTableBegin = "<!-- exercises: generated from exercises/manifest.txt by ./course docs -->";
constexpr const char* kTableEnd = "<!-- end of exercises -->";

std::vector<std::string> check_paths(const std::string& root, const std::vector<std::string>& files);

// One catalogue entry, as declared in tests/catalogue/*.hpp.
struct CatalogueEntry {
    std::string id, exercises, sentence;
};
std::vector<CatalogueEntry> catalogue_entries(const std::string& text);
// docs/MISTAKES.md: every named mistake with its exercises and sentence, chapter by
// chapter, generated from the catalogue files (file name, text), in their order.
std::string mistakes_page(const std::vector<std::pair<std::string, std::string>>& catalogue_files);

int cmd_doc_check(const std::string& root, const std::string& build, const std::vector<std::string>& which);
int cmd_doc_gen(const std::string& root);

}  // namespace course
