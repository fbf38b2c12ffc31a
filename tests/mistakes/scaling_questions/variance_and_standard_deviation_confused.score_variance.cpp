// Wrong on purpose (suite only): the standard deviation given where the variance is asked.
#include <cmath>

#include "contracts/05_scaling.hpp"

namespace attn {

ScalingBasis why_divide_by_sqrt_dk() { return ScalingBasis::argument_under_an_assumption; }

double score_variance(arma::uword d_k, double sigma2) {
    return std::sqrt(static_cast<double>(d_k)) * sigma2;  // the mistake: the variance is the square, d_k sigma2^2
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
