// text.hpp: the small text helpers both halves of coursectl use.
#pragma once

#include <string>
#include <vector>

#include "core/text.hpp"

namespace course {

// s without the spaces, tabs and carriage returns at its ends (src/core/text.hpp).
using attn::text::trim;
// The lines of s, each without its trailing "\r" and blanks.
std::vector<std::string> split_lines(const std::string& s);
bool starts_with(const std::string& s, const std::string& prefix);
bool ends_with(const std::string& s, const std::string& suffix);
// The cells of a Markdown table row "| a | b |", trimmed; empty when the line is no row.
std::vector<std::string> table_cells(const std::string& line);
// The texts between backticks in s.
std::vector<std::string> quoted(const std::string& s);

}  // namespace course
