// versions.hpp: one program holds every wrong and right version of an exercise.
//
// The suite checks each version of tests/mistakes/<exercise>/ and tests/correct/<exercise>/
// as a learner's file is checked. Linking a program per version cost about 90 ms each,
// for about 1,100 versions; instead all versions of an exercise share one program
// (cmake/mistakes.cmake). Each version's functions live in a namespace of their own,
// attn_m0, attn_m1, ..., and the program's attn::f, written by
// cmake/version_dispatch.cmake, calls the f of the version that the environment
// variable ATTN_VERSION names (the checker passes ATTN_* variables into its sandbox).
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>

namespace attn_versions {

template <class F>
struct Signature;
template <class R, class... A>
struct Signature<R(A...)> {
    using result = R;
    template <std::size_t I>
    using param = std::tuple_element_t<I, std::tuple<A...>>;
};
// The result, the I-th parameter and a pointer type of a function type F.
template <class F>
using Result = typename Signature<F>::result;
template <class F, std::size_t I>
using Param = typename Signature<F>::template param<I>;
template <class F>
using Pointer = F*;

// The version this run checks: ATTN_VERSION, a number from 0 to count - 1. Throws
// std::logic_error (a failed check that says what is wrong) when it is missing or out of range.
inline std::size_t chosen(std::size_t count) {
    const char* text = std::getenv("ATTN_VERSION");
    const std::string said = text ? text : "";
    char* end = nullptr;
    const unsigned long k = text ? std::strtoul(text, &end, 10) : 0;
    if (said.empty() || *end != '\0' || k >= count)
        throw std::logic_error("this program holds " + std::to_string(count) +
                               " versions of an exercise: set ATTN_VERSION to one of 0 to " + std::to_string(count - 1) +
                               (text ? " (it is '" + said + "')" : " (it is not set)"));
    return k;
}

// chosen(count), read once before main (the generated unit calls it): without a valid
// ATTN_VERSION the program says so and exits with 2 before any check runs, rather than
// failing each check with a message that the diagnosis would take for the version's own.
inline std::size_t chosen_at_start(std::size_t count) {
    try {
        return chosen(count);
    } catch (const std::logic_error& e) {
        std::fprintf(stderr, "%s\n", e.what());
        std::exit(2);
    }
}

// Calls the chosen version's function. A version that does not define `name` leaves its
// entry pointing at attn::name itself (`self`), through its using-directive.
template <class F, std::size_t N, class... A>
Result<F> call(const Pointer<F> (&versions)[N], Pointer<F> self, const char* name, A&&... a) {
    const std::size_t k = chosen(N);
    if (versions[k] == self)
        throw std::logic_error("version " + std::to_string(k) + " of this exercise does not define " + name);
    return versions[k](std::forward<A>(a)...);
}

}  // namespace attn_versions
