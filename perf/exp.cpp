// exp.cpp: exp_in_place (kernels.hpp), the kernel's exponential over an array.
#include "attn_perf/kernels.hpp"
#include "exp_impl.hpp"

namespace attn::perf {

namespace {
ATTN_VECTOR_CLONES void exp_loop_double(double* x, std::size_t n) { detail::exp_loop(x, n); }
ATTN_VECTOR_CLONES void exp_loop_float(float* x, std::size_t n) { detail::exp_loop(x, n); }

}  // namespace

void exp_in_place(double* x, std::size_t n) { exp_loop_double(x, n); }
void exp_in_place(float* x, std::size_t n) { exp_loop_float(x, n); }

}  // namespace attn::perf
