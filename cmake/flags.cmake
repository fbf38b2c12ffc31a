# flags.cmake: how the course's code is compiled (included once by CMakeLists.txt).
#
#   ATTN_WARNINGS / ATTN_STRICT   the warnings; ATTN_STRICT also makes them errors (the
#                                 course's own code; a learner's file gets ATTN_WARNINGS)
#   ATTN_LIGHT_OPT                -O1 in Release, for code that only narrates
#   attn_reuse_pch(TARGET)        Armadillo's precompiled header, made once by attn_core
#   attn_check_code(TARGET)       test code: -O0 with Boost.Test in a header of its own
#
# Never the compiler's fast-math mode: masking relies on exp(-inf) == 0 and on inf comparisons.

# The suite links about 400 programs (a check per exercise, a wrong or right version per
# file of tests/mistakes/ and tests/correct/), each around one large test module. GNU gold,
# which Debian's binutils ships beside the default linker, links one in a third of the CPU
# time (0.05 s against 0.15 s for one mistake program). Used where the toolchain accepts it.
include(CheckLinkerFlag)
check_linker_flag(CXX "-fuse-ld=gold" ATTN_HAVE_GOLD)
if(ATTN_HAVE_GOLD)
  add_link_options(-fuse-ld=gold)
endif()

set(ATTN_WARNINGS -Wall -Wextra -Wpedantic)
if(ATTN_WERROR)
  set(ATTN_STRICT ${ATTN_WARNINGS} -Werror)
else()
  set(ATTN_STRICT ${ATTN_WARNINGS})
endif()
if(ATTN_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  # GCC 12 reports false "may be used uninitialized" inside <regex> and <functional>
  # once the sanitizers instrument them; the plain build keeps the warning.
  add_compile_options(-Wno-maybe-uninitialized)
  add_link_options(-fsanitize=address,undefined)
endif()
if(ATTN_FUZZ)
  # Coverage feedback for libFuzzer everywhere; the fuzzer's own main only in fuzz/.
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
endif()

# Code that only narrates (chapter mains, most labs, the tools) compiles at -O1 in the
# Release build: about a third less compile time than -O3, and none of it is timed. What
# computes the numbers (src/core/, src/model/, solutions/, exercises/, perf/, bench/,
# and the labs that time or sweep) keeps -O3.
set(ATTN_LIGHT_OPT $<$<CONFIG:Release>:-O1>)

# Armadillo's headers cost ~4 s of compiling per file; precompiled once, ~1 s. attn_core
# makes the header (src/CMakeLists.txt); every other target of the library's flags reuses it.
function(attn_reuse_pch target)
  target_precompile_headers(${target} REUSE_FROM attn_core)
endfunction()

# Code that only checks (test modules and the wrong and right versions of tests/, about
# 450 files the suite compiles and nobody times) compiles at -O0 in the Release build:
# tests/10_transformer_blocks_test.cpp takes 3.7 s of CPU against 5.9 s at -O1, a wrong
# implementation 0.43 s against 0.56 s. GCC uses a precompiled header only at the
# optimisation level it was made at, so these files have one of their own,
# attn_check_pch (tests/CMakeLists.txt), which also holds Boost.Test's header (0.85 s of
# CPU less per test module); the modules name themselves with ATTN_TEST_MAIN
# (tests/test_main.hpp), since BOOST_TEST_MODULE would come after the header.
# Other build types (the sanitizer tree's) keep their flags and attn_core's header.
function(attn_check_code target)
  target_link_libraries(${target} PRIVATE Boost::unit_test_framework)
  target_compile_definitions(${target} PRIVATE BOOST_TEST_DYN_LINK)
  if(CMAKE_BUILD_TYPE STREQUAL "Release")
    target_compile_options(${target} PRIVATE -O0)
    target_precompile_headers(${target} REUSE_FROM attn_check_pch)
  else()
    target_compile_options(${target} PRIVATE ${ATTN_LIGHT_OPT})
    attn_reuse_pch(${target})
  endif()
endfunction()
