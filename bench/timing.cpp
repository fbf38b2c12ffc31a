// timing.cpp: the timing harness (timing.hpp).
#include "timing.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <time.h>

namespace attn::bench {

namespace {

double cpu_seconds(clockid_t clock) {
    timespec t{};
    clock_gettime(clock, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// Calls per sample for each item, so that a sample lasts about 0.2 ms, and the
// seconds one round of them takes: each item timed alone for about 2 ms, after
// one warm-up call (first touch of memory, thread start-up).
std::vector<long> calls_per_sample(const std::vector<Timed>& items, double& per_round) {
    std::vector<long> calls;
    per_round = 0;
    for (const Timed& item : items) {
        item.setup();
        item.run();
        const auto start = Clock::now();
        long n = 0;
        do {
            item.run();
            ++n;
        } while (seconds_since(start) < 2e-3);
        const double each = seconds_since(start) / static_cast<double>(n);
        calls.push_back(std::max(1L, static_cast<long>(std::ceil(2e-4 / each))));
        per_round += each * static_cast<double>(calls.back());
    }
    return calls;
}

}  // namespace

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

double thread_cpu_seconds() { return cpu_seconds(CLOCK_THREAD_CPUTIME_ID); }
double process_cpu_seconds() { return cpu_seconds(CLOCK_PROCESS_CPUTIME_ID); }

double median(std::vector<double> v) {
    std::nth_element(v.begin(), v.begin() + static_cast<long>(v.size() / 2), v.end());
    return v[v.size() / 2];
}

double paired_ratio(const Medians& m, std::size_t a, std::size_t b) {
    std::vector<double> r;
    for (std::size_t k = 0; k < m.samples[a].size(); ++k) r.push_back(m.samples[a][k] / m.samples[b][k]);
    return median(r);
}

Medians time_in_rounds(const std::vector<Timed>& items, double budget) {
    const std::size_t F = items.size();
    double per_round = 0;
    const std::vector<long> calls = calls_per_sample(items, per_round);
    const int rounds = std::clamp(static_cast<int>(budget / per_round), 5, 201);
    std::vector<std::vector<double>> wall(F), cpu(F), others(F);
    for (int r = 0; r < rounds; ++r)
        for (std::size_t f = 0; f < F; ++f) {
            items[f].setup();
            const double process_start = process_cpu_seconds(), cpu_start = thread_cpu_seconds();
            const auto start = Clock::now();
            for (long c = 0; c < calls[f]; ++c) items[f].run();
            const double n = static_cast<double>(calls[f]);
            wall[f].push_back(seconds_since(start) / n);
            const double mine = thread_cpu_seconds() - cpu_start, all = process_cpu_seconds() - process_start;
            cpu[f].push_back(mine / n);
            others[f].push_back(std::max(0.0, all - mine) / n);
        }
    Medians m;
    m.samples = wall;
    for (std::size_t f = 0; f < F; ++f) {
        m.wall.push_back(median(wall[f]));
        m.cpu.push_back(median(cpu[f]));
        m.others_cpu.push_back(median(others[f]));
    }
    return m;
}

double time_slow(const std::function<void()>& fn, double budget) {
    std::vector<double> t;
    const auto all = Clock::now();
    do {
        const auto start = Clock::now();
        fn();
        t.push_back(seconds_since(start));
        if (t.front() > 1.0) break;
    } while (t.size() < 3 || (seconds_since(all) < budget && t.size() < 21));
    return median(t);
}

}  // namespace attn::bench
