// The libFuzzer entry point of one target; CMake compiles this file once per
// target with ATTN_FUZZ_TARGET set to its function (see fuzz_targets.hpp).
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <typeinfo>

#include "fuzz_targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        return ATTN_FUZZ_TARGET(data, size);
    } catch (const attn_fuzz::PropertyViolated& e) {
        std::fprintf(stderr, "\nproperty violated: %s\n", e.what());
    } catch (const std::exception& e) {
        // attn::InputError and attn::ShapeError never get here: the targets catch them.
        std::fprintf(stderr, "\nunexpected exception %s: %s\n", typeid(e).name(), e.what());
    }
    std::abort();  // libFuzzer saves the input as a crash
}
