// Wrong on purpose (suite only): each term q_i k_i given the variance of one entry.
#include <cmath>

#include "contracts/05_scaling.hpp"

namespace attn {

ScalingBasis why_divide_by_sqrt_dk() { return ScalingBasis::argument_under_an_assumption; }

double score_variance(arma::uword d_k, double sigma2) {
    return static_cast<double>(d_k) * sigma2;  // the mistake: Var(q_i k_i) = sigma2 * sigma2
}

double divisor_for_unit_variance(arma::uword d_k, double sigma2) {
    return std::sqrt(static_cast<double>(d_k)) * sigma2;
}

double typical_score_size(arma::uword d_k) {
    return std::sqrt(static_cast<double>(d_k));
}

double sqrt_d_model_shrink_factor([[maybe_unused]] arma::uword d_model, arma::uword heads) {
    return std::sqrt(static_cast<double>(heads));
}

}  // namespace attn
