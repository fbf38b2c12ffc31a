// Exercise scaling_questions (chapter 05): the argument behind sqrt(d_k), as answers.
#include <cmath>

#include "contracts/05_scaling.hpp"

namespace attn {

// A footnote's reasoning from an assumed distribution, not a search over divisors.
ScalingBasis why_divide_by_sqrt_dk() { return ScalingBasis::argument_under_an_assumption; }

// Each product q_i k_i has variance Var(q) Var(k) = sigma^4; d_k independent terms add up.
double score_variance(arma::uword d_k, double sigma2) { return static_cast<double>(d_k) * sigma2 * sigma2; }

// Divide by the standard deviation: sqrt(d_k sigma^4) = sqrt(d_k) sigma^2.
double divisor_for_unit_variance(arma::uword d_k, double sigma2) {
    return std::sqrt(static_cast<double>(d_k)) * sigma2;
}

// Standard deviation of a sum of d_k terms of variance 1.
double typical_score_size(arma::uword d_k) { return std::sqrt(static_cast<double>(d_k)); }

// sqrt(d_model) / sqrt(d_model / heads) = sqrt(heads): 512 in 8 heads gives sqrt(8) = 2.83.
double sqrt_d_model_shrink_factor([[maybe_unused]] arma::uword d_model, arma::uword heads) {
    return std::sqrt(static_cast<double>(heads));
}

}  // namespace attn
