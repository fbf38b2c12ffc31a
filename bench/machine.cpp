// machine.cpp: see machine.hpp.
#include "machine.hpp"

#include <ctime>
#include <dlfcn.h>
#include <fstream>

namespace attn::bench {

std::string cpu_model() {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("model name", 0) == 0) {
            const auto colon = line.find(':');
            if (colon != std::string::npos) return line.substr(line.find_first_not_of(" \t", colon + 1));
        }
    return "unknown CPU";
}

std::string blas_name() {
    // OpenBLAS says what it is; any other BLAS behind Armadillo does not have this function
    using Config = char* (*)();
    const auto config = reinterpret_cast<Config>(dlsym(RTLD_DEFAULT, "openblas_get_config"));
    return config ? std::string(config()) : std::string("not OpenBLAS (no openblas_get_config)");
}

// The 1-minute load average: how many threads on average wanted a core,
// this run's included.
std::string load_average() {
    std::ifstream in("/proc/loadavg");
    std::string one;
    return (in >> one) ? one : std::string("unknown");
}

std::string utc_now() {
    const std::time_t now = std::time(nullptr);
    char buf[64];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
    return buf;
}

}  // namespace attn::bench
