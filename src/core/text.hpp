// text.hpp: text helpers shared by the course's library and the checker (tools/coursectl,
// which links nothing of the course's C++ and includes only header-only files of src/core).
#pragma once

#include <string>

namespace attn::text {

// s without the spaces, tabs and carriage returns at its ends.
inline std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    const auto e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
}

}  // namespace attn::text
