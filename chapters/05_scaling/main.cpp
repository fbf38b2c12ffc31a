// Chapter 05: why the scores are divided by sqrt(d_k).
//
// Dimension legend: d_k = width of one query and one key; "pair" = one (q, k)
// drawn at random with independent entries of mean 0 and variance 1.
// Run:  ./course run 05          (reference)      ./course run 05 --mine   (your exercises)
#include <cmath>
#include <cstdio>
#include <iostream>
#include <vector>

#include "core/chapter.hpp"
#include "core/print.hpp"
#include "contracts/05_scaling.hpp"
#include "labs/scaling_lab.hpp"

using namespace attn;

namespace {

constexpr arma::uword kPairs = 100000;  // pairs per d_k: the variance is then known to within ~1%
constexpr arma::uword kKeys = 16;       // keys in one softmax row
constexpr arma::uword kQueries = 2000;  // queries averaged per d_k in the softmax experiment
constexpr double kSE = 4;               // "agrees" means within 4 standard errors (chance of a miss ~ 6e-5)
constexpr std::uint64_t kSeed = 5;      // fixed: every run prints the same numbers

std::vector<scaling_lab::VariancePoint> step_variance() {
    print_step(std::cout, 1, "Var(q . k) for 100,000 random pairs per d_k");
    std::printf("%6s  %10s  %9s  %22s  %9s\n", "d_k", "Var(q.k)", "+- 4 SE", "Var(q.k / sqrt(d_k))", "+- 4 SE");
    std::vector<scaling_lab::VariancePoint> points;
    int agree = 0;
    for (arma::uword d : scaling_lab::default_dims()) {
        const auto p = scaling_lab::measure_variance(d, kPairs, kSeed);
        points.push_back(p);
        const bool ok = std::abs(p.scaled - 1.0) <= kSE * p.scaled_se;
        agree += ok;
        std::printf("%6llu  %10s  %9s  %22s  %9s%s\n", static_cast<unsigned long long>(d),
                    format_number(p.raw, 2).c_str(), format_number(kSE * p.raw_se, 2).c_str(),
                    format_number(p.scaled, 3).c_str(), format_number(kSE * p.scaled_se, 3).c_str(),
                    ok ? "" : "   (outside)");
    }
    std::printf("scaled variance within 4 standard errors of 1: %d of %zu\n", agree, points.size());
    return points;
}

void step_typical_size(const std::vector<scaling_lab::VariancePoint>& points) {
    print_step(std::cout, 2, "How big a raw score typically is");
    for (const auto& p : points) {
        if (p.d_k != 64 && p.d_k != 512) continue;
        std::printf("d_k = %4llu: sqrt(d_k) = %s, measured standard deviation %s\n",
                    static_cast<unsigned long long>(p.d_k), format_number(typical_score_size(p.d_k), 2).c_str(),
                    format_number(std::sqrt(p.raw), 2).c_str());
    }
}

std::vector<scaling_lab::SoftmaxPoint> step_softmax() {
    print_step(std::cout, 3, "Softmax over 16 keys as d_k grows (mean over 2,000 queries)");
    std::printf("%6s  %19s  %19s  %19s\n", "", "largest weight", "entropy (nats)", "gradient size");
    std::printf("%6s  %9s %9s  %9s %9s  %9s %9s\n", "d_k", "unscaled", "scaled", "unscaled", "scaled", "unscaled",
                "scaled");
    std::vector<scaling_lab::SoftmaxPoint> points;
    for (arma::uword d : scaling_lab::default_dims()) {
        const auto p = scaling_lab::softmax_over_keys(d, kKeys, kQueries, kSeed);
        points.push_back(p);
        std::printf("%6llu  %9s %9s  %9s %9s  %9s %9s\n", static_cast<unsigned long long>(d),
                    format_number(p.max_raw).c_str(), format_number(p.max_scaled).c_str(),
                    format_number(p.entropy_raw).c_str(), format_number(p.entropy_scaled).c_str(),
                    format_number(p.grad_raw, 3).c_str(), format_number(p.grad_scaled, 3).c_str());
    }
    std::printf("an even split over 16 keys: largest weight %s, entropy ln 16 = %s\n",
                format_number(1.0 / kKeys).c_str(), format_number(std::log(16.0)).c_str());
    return points;
}

void step_mistake() {
    print_step(std::cout, 4, "Dividing by sqrt(d_model) instead of sqrt(d_k)");
    const auto m = scaling_lab::divisor_mistake(512, 8, kKeys, kQueries, kSeed);
    std::printf("d_model = %llu in %llu heads: d_k = %llu\n", static_cast<unsigned long long>(m.d_model),
                static_cast<unsigned long long>(m.heads), static_cast<unsigned long long>(m.d_k));
    std::printf("every score shrinks by sqrt(d_model) / sqrt(d_k) = %s\n",
                format_number(sqrt_d_model_shrink_factor(m.d_model, m.heads)).c_str());
    std::printf("%-24s %8s %10s %15s %9s\n", "", "divisor", "Var(score)", "largest weight", "entropy");
    std::printf("%-24s %8s %10s %15s %9s\n", "sqrt(d_k)   (right)", format_number(m.right_divisor).c_str(),
                format_number(m.var_right).c_str(), format_number(m.max_right).c_str(),
                format_number(m.entropy_right).c_str());
    std::printf("%-24s %8s %10s %15s %9s\n", "sqrt(d_model) (wrong)", format_number(m.wrong_divisor).c_str(),
                format_number(m.var_wrong).c_str(), format_number(m.max_wrong).c_str(),
                format_number(m.entropy_wrong).c_str());
    std::printf("first query, right: %s\n", format_row(m.example_right).c_str());
    std::printf("first query, wrong: %s\n", format_row(m.example_wrong).c_str());
}

void step_sigma() {
    print_step(std::cout, 5, "An assumption, not a measurement: entries of variance 4");
    const double sigma2 = 4;
    const arma::uword d = 64;
    const auto p = scaling_lab::measure_variance(d, kPairs, kSeed, std::sqrt(sigma2));
    const double divisor = divisor_for_unit_variance(d, sigma2);
    std::printf("d_k = 64, Var(entry) = 4: predicted Var(q.k) = %s, measured %s\n",
                format_number(score_variance(d, sigma2), 0).c_str(), format_number(p.raw, 0).c_str());
    std::printf("divided by sqrt(d_k) = 8 only:  variance %s\n", format_number(p.scaled, 2).c_str());
    std::printf("divided by %s instead:          variance %s\n", format_number(divisor, 0).c_str(),
                format_number(p.raw / (divisor * divisor), 2).c_str());
    std::printf("where sqrt(d_k) comes from: %s\n", why_divide_by_sqrt_dk() == ScalingBasis::argument_under_an_assumption
                                                         ? "a calculation under an assumption about the entries"
                                                         : "a search over divisors");
}

}  // namespace

int main(int argc, char** argv) {
    return run_chapter(argc, argv, "chapters/05_scaling/README.md", [](const ChapterOptions&, plot::Plotter& p) {
        const auto variance = step_variance();
        step_typical_size(variance);
        const auto softmax = step_softmax();
        step_mistake();
        step_sigma();
        p.save("05_variance", scaling_lab::variance_figure(variance));
        p.save("05_largest_weight", scaling_lab::largest_weight_figure(softmax, kKeys));
        std::cout << "\nWhat to notice:\n"
                     "  - the raw variance follows d_k; after the scale factor it stays near 1;\n"
                     "  - unscaled, the largest weight creeps to 1 and the gradient to 0;\n"
                     "  - the right divisor depends on the assumption about the entries.\n";
    });
}
