// format.hpp: numbers and times as the bench's screen and report show them.
#pragma once

#include <cstddef>
#include <string>

namespace attn::bench {

// x with `decimals` decimals; "n/a" for NaN (not measured).
std::string fixed(double x, int decimals);

// seconds in the unit that keeps them readable (µs, ms, s); "n/a" for NaN
std::string duration(double seconds);

// "3 min 12 s"
std::string minutes(double seconds);

// a ratio as "1.23x"; "-" for NaN (not measured)
std::string times(double ratio);

// text right-aligned in `width` characters (counted as characters, not bytes:
// printf's %13s would count the two bytes of "µ" as two)
std::string right(const std::string& text, std::size_t width);

}  // namespace attn::bench
