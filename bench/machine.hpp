// machine.hpp: what the report says about the machine a run was made on.
#pragma once

#include <string>

namespace attn::bench {

std::string cpu_model();     // /proc/cpuinfo's model name, or "unknown CPU"
std::string blas_name();     // OpenBLAS's own description, or that it is not OpenBLAS
std::string load_average();  // /proc/loadavg's 1-minute figure, or "unknown"
std::string utc_now();       // "2026-12-01 20:24 UTC"

}  // namespace attn::bench
