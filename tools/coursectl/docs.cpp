#include "docs.hpp"

#include <cstdio>
#include <filesystem>
#include <map>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "text.hpp"

namespace fs = std::filesystem;

namespace course {

namespace {

// The tutorial's items: 5 "Try it", 7 "Think for a moment", 7 "Common mistake"
// boxes and Figures 1 to 13.
constexpr int kTryIt = 5, kThink = 7, kMistakeBoxes = 7, kFigures = 13;

// The rows of the first table under the heading `section` ("" = the first table anywhere).
std::vector<std::vector<std::string>> table_rows(const std::string& text, const std::string& section) {
    std::vector<std::vector<std::string>> rows;
    bool in_section = section.empty(), header_seen = false;
    for (const std::string& line : split_lines(text)) {
        if (starts_with(line, "## ")) {
            if (!rows.empty()) break;
            in_section = section.empty() || trim(line.substr(3)) == section;
            continue;
        }
        if (!in_section) continue;
        const auto cells = table_cells(line);
        if (cells.empty()) {
            if (!rows.empty()) break;
            continue;
        }
        if (!header_seen) {  // the header, then the |---| line
            header_seen = true;
            continue;
        }
        if (cells[0].find("---") != std::string::npos) continue;
        rows.push_back(cells);
    }
    return rows;
}

void check_covered_name(const std::string& label, const std::string& token, const std::set<std::string>& row_chapters,
                        const CourseNames& n, std::map<std::string, std::string>& chapter_of,
                        std::set<std::string>& used, std::vector<std::string>& problems) {
    static const std::regex form("^(exercise|mistake|plot|output):([A-Za-z0-9_]+)$");
    std::smatch m;
    if (!std::regex_match(token, m, form)) {
        problems.push_back(label + ": '" + token + "' is not exercise:NAME, mistake:ID, plot:NAME or output:NN");
        return;
    }
    const std::string kind = m[1], name = m[2];
    if (kind == "exercise") {
        if (!n.exercises.count(name)) return problems.push_back(label + ": there is no exercise '" + name + "'");
        used.insert(name);
        if (!row_chapters.count(chapter_of[name]))
            problems.push_back(label + ": exercise '" + name + "' belongs to chapter " + chapter_of[name] +
                               ", which the row does not list");
    } else if (kind == "mistake") {
        if (!n.mistakes.count(name))
            problems.push_back(label + ": mistake '" + name + "' is not declared in tests/catalogue/");
    } else if (kind == "plot") {
        if (!n.plots.count(name))
            problems.push_back(label + ": no save(\"" + name + "\", ...) in chapters/ or src/ draws plot '" + name + "'");
        else if (!row_chapters.count(name.substr(0, 2)))
            problems.push_back(label + ": plot '" + name + "' is drawn by chapter " + name.substr(0, 2) +
                               ", which the row does not list");
    } else if (!n.chapters.count(name)) {
        problems.push_back(label + ": output:" + name + " names no chapter program");
    } else if (!row_chapters.count(name)) {
        problems.push_back(label + ": output:" + name + " is chapter " + name + ", which the row does not list");
    }
}

}  // namespace

std::vector<std::string> catalogue_ids(const std::string& text) {
    static const std::regex entry(R"((^|\n)ATTN_MISTAKE\(([a-z0-9_]+),)");
    std::vector<std::string> ids;
    for (std::sregex_iterator it(text.begin(), text.end(), entry), end; it != end; ++it) ids.push_back((*it)[2]);
    return ids;
}

CourseNames course_names(const std::string& root) {
    CourseNames n;
    for (const auto& e : load_manifest(root + "/exercises/manifest.txt")) {
        n.exercises.insert(e.name);
        n.exercise_chapters.push_back({e.name, e.chapter});
    }
    for (const auto& f : fs::directory_iterator(root + "/tests/catalogue"))
        if (f.path().extension() == ".hpp")
            for (const auto& id : catalogue_ids(read_file(f.path().string()))) n.mistakes.insert(id);
    static const std::regex save(R"re(save\("([A-Za-z0-9_]+)")re"), comment(R"(//[^\n]*)");
    for (const std::string dir : {"chapters", "src"})
        for (const auto& f : fs::recursive_directory_iterator(root + "/" + dir)) {
            const auto ext = f.path().extension();
            if (ext != ".cpp" && ext != ".hpp") continue;
            const std::string code = std::regex_replace(read_file(f.path().string()), comment, "");
            for (std::sregex_iterator it(code.begin(), code.end(), save), end; it != end; ++it) n.plots.insert((*it)[1]);
        }
    for (const auto& d : fs::directory_iterator(root + "/chapters"))
        if (fs::exists(d.path() / "main.cpp")) n.chapters.insert(d.path().filename().string().substr(0, 2));
    return n;
}

std::vector<std::string> check_coverage(const std::string& table_text, const CourseNames& n) {
    std::vector<std::string> problems;
    const auto rows = table_rows(table_text, "");
    if (rows.empty()) return {"the coverage table has no rows"};
    std::map<std::string, std::string> chapter_of(n.exercise_chapters.begin(), n.exercise_chapters.end());
    std::map<std::string, int> kinds;
    std::set<int> figures;
    std::set<std::string> used;
    static const std::regex figure("^Figure ([0-9]+)$"), two_digits("[0-9][0-9]");
    for (const auto& cells : rows) {
        const std::string label = cells.empty() ? "?" : cells[0] + (cells.size() > 1 ? ": " + cells[1] : "");
        if (cells.size() != 5) {
            problems.push_back(label + ": has " + std::to_string(cells.size()) + " cells, the table has 5 columns");
            continue;
        }
        std::smatch m;
        if (std::regex_match(cells[0], m, figure)) {
            if (!figures.insert(std::stoi(m[1])).second) problems.push_back(label + ": Figure " + m[1].str() + " has more than one row");
        } else if (cells[0] == "Try it" || cells[0] == "Think for a moment" || cells[0] == "Common mistake") {
            ++kinds[cells[0]];
        } else if (cells[0] != "Beyond the tutorial") {
            problems.push_back(label + ": the first cell must be Try it, Think for a moment, Common mistake, Figure N "
                                       "or Beyond the tutorial");
        }
        std::set<std::string> row_chapters;
        for (std::sregex_iterator it(cells[4].begin(), cells[4].end(), two_digits), end; it != end; ++it)
            row_chapters.insert(it->str());
        if (row_chapters.empty()) problems.push_back(label + ": names no chapter");
        for (const auto& nn : row_chapters)
            if (!n.chapters.count(nn)) problems.push_back(label + ": chapter " + nn + " has no chapters/" + nn + "_*/main.cpp");
        const auto tokens = quoted(cells[3]);
        if (tokens.empty()) problems.push_back(label + ": nothing covers it (no exercise:, mistake:, plot: or output:)");
        for (const auto& t : tokens) check_covered_name(label, t, row_chapters, n, chapter_of, used, problems);
    }
    for (const auto& [kind, want] : std::map<std::string, int>{{"Try it", kTryIt}, {"Think for a moment", kThink},
                                                               {"Common mistake", kMistakeBoxes}})
        if (kinds[kind] != want)
            problems.push_back("the table has " + std::to_string(kinds[kind]) + " '" + kind + "' rows; the tutorial has " +
                               std::to_string(want));
    for (int f = 1; f <= kFigures; ++f)
        if (!figures.count(f)) problems.push_back("Figure " + std::to_string(f) + " has no row");
    for (const auto& ex : n.exercises)
        if (!used.count(ex)) problems.push_back("exercise '" + ex + "' appears in no row of the coverage table");
    return problems;
}

std::vector<std::string> check_bad_input(const std::string& table_text, const std::set<std::string>& tests) {
    std::vector<std::string> problems;
    const auto rows = table_rows(table_text, "");
    if (rows.size() < 20) return {"found only " + std::to_string(rows.size()) + " rows in the bad-input table"};
    static const std::regex test_name(R"(^[a-z0-9_]+\.[a-z0-9_.]+$)");
    for (const auto& cells : rows) {
        const std::string& last = cells.back();
        for (const auto& q : quoted(last)) {
            if (!std::regex_match(q, test_name)) continue;
            const auto after = last.find("`" + q + "`") + q.size() + 2;
            const bool gnuplot_only = last.compare(after, 15, " (with gnuplot)") == 0;
            if (!tests.count(q) && !gnuplot_only)
                problems.push_back("the row '" + cells[0] + "' names the test " + q + ", which does not exist");
        }
    }
    return problems;
}

std::vector<CatalogueEntry> catalogue_entries(const std::string& text) {
    static const std::regex entry(R"re(\nATTN_MISTAKE\(([a-z0-9_]+), "([^"]*)",((?:\s*"(?:[^"\\]|\\.)*")+)\s*\);)re");
    static const std::regex literal(R"re("((?:[^"\\]|\\.)*)")re");
    std::vector<CatalogueEntry> out;
    const std::string padded = "\n" + text;
    for (std::sregex_iterator it(padded.begin(), padded.end(), entry), end; it != end; ++it) {
        CatalogueEntry e{(*it)[1], (*it)[2], ""};
        const std::string parts = (*it)[3];
        for (std::sregex_iterator l(parts.begin(), parts.end(), literal); l != end; ++l) {
            const std::string piece = (*l)[1];
            for (std::size_t k = 0; k < piece.size(); ++k) e.sentence += piece[k] == '\\' && k + 1 < piece.size() ? piece[++k] : piece[k];
        }
        out.push_back(e);
    }
    return out;
}

std::string mistakes_page(const std::vector<std::pair<std::string, std::string>>& files) {
    std::ostringstream md;
    md << "# The mistakes the checker names\n\n"
          "Generated by `./course docs` from `tests/catalogue/` (do not edit here). Each entry is a wrong\n"
          "answer `./course check` recognises and names: its id, the exercises where it is looked for\n"
          "(`*`: any), and what the learner reads. How a mistake is recognised: docs/ARCHITECTURE.md,\n"
          "\"Named mistakes\"; how to add one: CONTRIBUTING.md.\n";
    for (const auto& [name, text] : files) {
        const auto entries = catalogue_entries(text);
        if (entries.empty()) continue;
        const std::string title = name == "common.hpp" ? "Every chapter" : "Chapter " + name.substr(0, 2) + ", " +
                                                                                name.substr(3, name.size() - 7);
        md << "\n## " << title << "\n\n";
        for (const auto& e : entries) md << "- `" << e.id << "` (" << e.exercises << "): " << e.sentence << "\n";
    }
    return md.str();
}

std::string chapter_table(const std::vector<Exercise>& exercises, const std::string& chapter) {
    std::ostringstream t;
    t << kTableBegin << "\n| exercise | file | what you write |\n|---|---|---|\n";
    for (const auto& e : exercises)
        if (e.chapter == chapter) t << "| `" << e.name << "` | `exercises/" << e.file << "` | " << (e.summary.empty() ? e.title : e.summary) << " |\n";
    t << kTableEnd;
    return t.str();
}

std::string with_chapter_table(const std::string& readme, const std::string& table, const std::string& origin) {
    const auto b = readme.find(kTableBegin), e = readme.find(kTableEnd);
    if (b == std::string::npos || e == std::string::npos || e < b)
        throw std::runtime_error(origin + ": has no generated exercise table (the lines " + kTableBegin + " and " +
                                 kTableEnd + ")");
    return readme.substr(0, b) + table + readme.substr(e + std::string(kTableEnd).size());
}

}  // namespace course
