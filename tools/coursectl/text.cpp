#include "text.hpp"

#include <sstream>

namespace course {

std::vector<std::string> split_lines(const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    std::string line;
    while (std::getline(in, line)) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
        out.push_back(line);
    }
    return out;
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

bool ends_with(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::vector<std::string> table_cells(const std::string& line) {
    const std::string t = trim(line);
    if (t.size() < 2 || t.front() != '|' || t.back() != '|') return {};
    std::vector<std::string> cells;
    std::string cell;
    bool in_code = false;
    for (std::size_t i = 1; i + 1 < t.size(); ++i) {
        const char c = t[i];
        if (c == '`') in_code = !in_code;
        if (c == '|' && !in_code && (i == 0 || t[i - 1] != '\\')) {
            cells.push_back(trim(cell));
            cell.clear();
        } else {
            cell += c;
        }
    }
    cells.push_back(trim(cell));
    return cells;
}

std::vector<std::string> quoted(const std::string& s) {
    std::vector<std::string> out;
    for (std::size_t at = s.find('`'); at != std::string::npos;) {
        const auto end = s.find('`', at + 1);
        if (end == std::string::npos) break;
        out.push_back(s.substr(at + 1, end - at - 1));
        at = s.find('`', end + 1);
    }
    return out;
}

}  // namespace course
