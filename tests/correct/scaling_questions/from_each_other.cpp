// Right, written another way (suite only): each answer built from the one before.
#include <cmath>

#include "contracts/05_scaling.hpp"

namespace attn {

ScalingBasis why_divide_by_sqrt_dk() { return ScalingBasis::argument_under_an_assumption; }

double score_variance(arma::uword d_k, double sigma2) {
    double total = 0;
    for (arma::uword i = 0; i < d_k; ++i) total += sigma2 * sigma2;  // Var(q_i k_i) = Var(q_i) Var(k_i)
    return total;
}

double divisor_for_unit_variance(arma::uword d_k, double sigma2) { return std::sqrt(score_variance(d_k, sigma2)); }

double typical_score_size(arma::uword d_k) { return divisor_for_unit_variance(d_k, 1.0); }

double sqrt_d_model_shrink_factor(arma::uword d_model, arma::uword heads) {
    const double d_k = static_cast<double>(d_model) / static_cast<double>(heads);
    return std::sqrt(static_cast<double>(d_model)) / std::sqrt(d_k);
}

}  // namespace attn
