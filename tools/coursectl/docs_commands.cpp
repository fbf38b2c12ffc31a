// The path check of docs.hpp, and the commands doc-check and doc-gen.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <regex>
#include <sstream>

#include "docs.hpp"
#include "text.hpp"

namespace fs = std::filesystem;

namespace course {

namespace {

std::string run_and_read(const std::string& command) {
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(::popen(command.c_str(), "r"), ::pclose);
    if (!pipe) return "";
    std::string out;
    char buf[4096];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, pipe.get())) > 0;) out.append(buf, n);
    return out;
}

std::string quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

// A path written with a placeholder (chapters/NN_topic/NAME.cpp) stands for many.
bool is_pattern(const std::string& p) {
    for (const char* word : {"NN", "NAME", "topic", "EXERCISE", "ID"})
        if (p.find(word) != std::string::npos) return true;
    return false;
}

// The chapter a distinctive phrase belongs to, from the chapters' folder names and
// the ways the texts write them ("multi-head attention", "encoder-decoder").
std::map<std::string, std::string> chapter_phrases(const std::string& root) {
    std::map<std::string, std::string> phrases;
    for (const auto& d : fs::directory_iterator(root + "/chapters")) {
        const std::string name = d.path().filename().string();
        if (name.size() < 4 || !std::isdigit(static_cast<unsigned char>(name[0]))) continue;
        std::string topic = name.substr(3);
        for (char& c : topic) c = c == '_' ? ' ' : c;
        if (topic != "softmax" && topic != "scaling" && topic != "training") phrases[topic] = name.substr(0, 2);
    }
    // the hyphenated spellings of the same topics
    const std::map<std::string, std::string> also = {{"encoder decoder", "encoder-decoder"},
                                                     {"multi head attention", "multi-head attention"},
                                                     {"cross attention", "cross-attention"}};
    for (const auto& [plain, hyphen] : also)
        if (phrases.count(plain)) phrases[hyphen] = phrases[plain];
    return phrases;
}

void check_chapter_numbers(const std::string& file, const std::string& raw,
                           const std::map<std::string, std::string>& phrases, std::vector<std::string>& problems) {
    // a sentence of a comment runs on over its line breaks and comment markers
    static const std::regex line_break(R"([ \t]*\n[ \t]*(?://+|#+)?[ \t]*)");
    const std::string text = std::regex_replace(raw, line_break, " ");
    static const std::regex named(R"([Cc]hapter ([0-9][0-9])(?:'s | \())");
    for (std::sregex_iterator it(text.begin(), text.end(), named), end; it != end; ++it) {
        const std::string nn = (*it)[1];
        const std::string after = text.substr(it->position() + it->length(), 40);
        for (const auto& [phrase, owner] : phrases)
            if (starts_with(after, phrase) && owner != nn)
                problems.push_back(file + ": names chapter " + nn + " for " + phrase + ", which is chapter " + owner + "'s");
    }
}

}  // namespace

std::vector<std::string> check_paths(const std::string& root, const std::vector<std::string>& files) {
    static const std::regex path(
        R"(((?:src|tests|chapters|exercises|solutions|tools|bench|perf|docs|fuzz|cmake)/[A-Za-z0-9_./-]*[A-Za-z0-9_]))");
    std::vector<std::string> problems;
    const auto phrases = chapter_phrases(root);
    for (const auto& file : files) {
        const std::string text = read_file(root + "/" + file);
        check_chapter_numbers(file, text, phrases, problems);
        if (ends_with(file, ".sh")) continue;  // the suite's scripts name the folders of their scratch copies
        for (std::sregex_iterator it(text.begin(), text.end(), path), end; it != end; ++it) {
            const auto at = static_cast<std::size_t>(it->position());
            const char before = at > 0 ? text[at - 1] : ' ';
            // part of a longer path, a URL, an include of the src/ root ("core/..."), or a C++ name
            if (std::isalnum(static_cast<unsigned char>(before)) || before == '/' || before == '.' || before == '_' ||
                before == '-')
                continue;
            std::string p = (*it)[1];
            const std::size_t next = at + it->length();
            // a pattern (translation_*.ckpt, <id>.cpp): stands for many files
            if (next < text.size() && (std::string("*<{").find(text[next]) != std::string::npos ||
                                       text.compare(next, 2, "-*") == 0 || text.compare(next, 2, "/<") == 0 ||
                                       text.compare(next, 2, "/*") == 0 || text.compare(next, 2, "/{") == 0))
                continue;
            while (!p.empty() && (p.back() == '.')) p.pop_back();
            const std::string where = root + "/" + p;
            if (is_pattern(p) || fs::exists(where) || fs::exists(where + ".cpp") || fs::exists(where + ".hpp")) continue;
            problems.push_back(file + ": names " + p + ", which does not exist");
        }
    }
    return problems;
}

namespace {

// The texts whose paths and chapter numbers are checked: the tracked documents and
// the comments of the course's code (everything git knows, but data and the seed).
std::vector<std::string> checked_files(const std::string& root) {
    std::vector<std::string> files;
    for (const auto& f : split_lines(run_and_read("git -C " + quote(root) + " ls-files 2>/dev/null"))) {
        if (f.empty() || starts_with(f, "tests/data/") || starts_with(f, "fuzz/corpus/") ||
            starts_with(f, "fuzz/regressions/") || starts_with(f, "bench/RESULTS.md"))
            continue;
        static const std::regex text_file(R"(\.(md|cpp|hpp|sh|cmake|txt|py)$|CMakeLists\.txt$|^course$|^\.ci/run$)");
        if (std::regex_search(f, text_file) && fs::is_regular_file(root + "/" + f)) files.push_back(f);
    }
    return files;
}

std::set<std::string> tests_of(const std::string& build) {
    std::set<std::string> tests;
    static const std::regex line(R"(Test +#[0-9]+: (\S+))");
    const std::string listing = run_and_read("cd " + quote(build) + " && ctest -N 2>/dev/null");
    for (std::sregex_iterator it(listing.begin(), listing.end(), line), end; it != end; ++it) tests.insert((*it)[1]);
    return tests;
}

std::vector<std::string> chapter_readmes(const std::string& root) {
    std::vector<std::string> out;
    for (const auto& d : fs::directory_iterator(root + "/chapters"))
        if (fs::exists(d.path() / "README.md")) out.push_back(d.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::pair<std::string, std::string>> catalogue_files(const std::string& root) {
    std::vector<std::pair<std::string, std::string>> files;
    for (const auto& f : fs::directory_iterator(root + "/tests/catalogue"))
        if (f.path().extension() == ".hpp" && f.path().filename() != "all.hpp")
            files.push_back({f.path().filename().string(), read_file(f.path().string())});
    std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) {
        return (a.first == "common.hpp") != (b.first == "common.hpp") ? a.first == "common.hpp" : a.first < b.first;
    });
    return files;
}

std::vector<std::string> check_chapter_tables(const std::string& root) {
    std::vector<std::string> problems;
    const auto exercises = load_manifest(root + "/exercises/manifest.txt");
    for (const auto& dir : chapter_readmes(root)) {
        const std::string path = "chapters/" + dir + "/README.md", text = read_file(root + "/" + path);
        try {
            if (with_chapter_table(text, chapter_table(exercises, dir.substr(0, 2)), path) != text)
                problems.push_back(path + ": its exercise table differs from exercises/manifest.txt (./course docs writes it)");
        } catch (const std::runtime_error& e) {
            problems.push_back(e.what());
        }
    }
    const std::string page = root + "/docs/MISTAKES.md";
    if (!fs::exists(page) || read_file(page) != mistakes_page(catalogue_files(root)))
        problems.push_back("docs/MISTAKES.md differs from tests/catalogue/ (./course docs writes it)");
    return problems;
}

}  // namespace

int cmd_doc_check(const std::string& root, const std::string& build, const std::vector<std::string>& which) {
    const std::set<std::string> all = {"coverage", "bad-input", "chapters", "paths"};
    std::set<std::string> asked(which.begin(), which.end());
    if (asked.empty()) asked = all;
    for (const auto& w : asked)
        if (!all.count(w))
            throw std::invalid_argument("doc-check takes coverage, bad-input, chapters or paths; got '" + w + "'");
    std::vector<std::pair<std::string, std::vector<std::string>>> results;
    if (asked.count("coverage"))
        results.push_back({"docs/COVERAGE.md", check_coverage(read_file(root + "/docs/COVERAGE.md"), course_names(root))});
    if (asked.count("bad-input"))
        results.push_back({"docs/BAD_INPUT.md", check_bad_input(read_file(root + "/docs/BAD_INPUT.md"), tests_of(build))});
    if (asked.count("chapters")) results.push_back({"the chapters' exercise tables", check_chapter_tables(root)});
    if (asked.count("paths")) results.push_back({"paths and chapter numbers", check_paths(root, checked_files(root))});
    int failed = 0;
    for (const auto& [what, problems] : results) {
        if (problems.empty()) {
            std::printf("ok: %s\n", what.c_str());
            continue;
        }
        ++failed;
        std::printf("%s is out of step with the course:\n", what.c_str());
        for (const auto& p : problems) std::printf("  %s\n", p.c_str());
    }
    return failed ? 1 : 0;
}

namespace {
void replace_file(const std::string& path, const std::string& text) {
    const std::string tmp = path + ".tmp";
    std::ofstream(tmp, std::ios::binary) << text;
    fs::rename(tmp, path);
}
}  // namespace

int cmd_doc_gen(const std::string& root) {
    const std::string page = root + "/docs/MISTAKES.md", mistakes = mistakes_page(catalogue_files(root));
    if (!fs::exists(page) || read_file(page) != mistakes) {
        replace_file(page, mistakes);
        std::printf("wrote docs/MISTAKES.md\n");
    }
    const auto exercises = load_manifest(root + "/exercises/manifest.txt");
    for (const auto& dir : chapter_readmes(root)) {
        const std::string path = root + "/chapters/" + dir + "/README.md", text = read_file(path);
        const std::string updated = with_chapter_table(text, chapter_table(exercises, dir.substr(0, 2)), path);
        if (updated == text) continue;
        replace_file(path, updated);
        std::printf("wrote the exercise table of chapters/%s/README.md\n", dir.c_str());
    }
    return 0;
}

}  // namespace course
