// format.cpp: see format.hpp.
#include "format.hpp"

#include <cmath>
#include <cstdio>

namespace attn::bench {

std::string fixed(double x, int decimals) {
    if (std::isnan(x)) return "n/a";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
    return buf;
}

std::string duration(double s) {
    if (std::isnan(s)) return "n/a";
    if (s < 1e-3) return fixed(1e6 * s, s < 1e-5 ? 2 : 1) + " µs";
    if (s < 1) return fixed(1e3 * s, 2) + " ms";
    return fixed(s, 2) + " s";
}

std::string minutes(double s) {
    const int total = static_cast<int>(std::lround(s));
    return std::to_string(total / 60) + " min " + std::to_string(total % 60) + " s";
}

std::string right(const std::string& text, std::size_t width) {
    std::size_t chars = 0;
    for (const char c : text) chars += (static_cast<unsigned char>(c) & 0xC0) != 0x80;  // not a continuation byte
    return chars >= width ? text : std::string(width - chars, ' ') + text;
}

std::string times(double ratio) { return std::isnan(ratio) ? std::string("-") : fixed(ratio, 2) + "x"; }

}  // namespace attn::bench
