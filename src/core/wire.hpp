// wire.hpp: what crosses from the check programs to the checker, written in one place.
//
// A check program (a test module linked around a learner's file) tells the checker
// (tools/coursectl, which links nothing of the course's C++ and includes only this
// header) two things in the text of its Boost.Test log:
//   not implemented yet: <function> (<file>)   thrown by an untouched stub
//   mistake [<id>]: <sentence>                  a named mistake (tests/support/diagnosis.hpp)
// and the course hashes files and checkpoints with one function, FNV-1a.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace attn::wire {

inline constexpr const char* kNotImplemented = "not implemented yet: ";
inline std::string not_implemented(const std::string& function, const std::string& file) {
    return kNotImplemented + function + " (" + file + ")";
}

inline constexpr const char* kMistakeOpen = "mistake [";
inline constexpr const char* kMistakeClose = "]: ";
inline std::string mistake(const std::string& id, const std::string& sentence) {
    return kMistakeOpen + id + kMistakeClose + sentence;
}

// 64-bit FNV-1a of the bytes, and as 16 hex digits.
inline std::uint64_t fnv1a64(const std::string& bytes) {
    std::uint64_t h = 1469598103934665603ULL;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    return h;
}
inline std::string hex64(std::uint64_t v) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

}  // namespace attn::wire
