// Right, written another way (suite only): the answers with std::pow.
#include <cmath>

#include "contracts/05_scaling.hpp"

namespace attn {

ScalingBasis why_divide_by_sqrt_dk() {
    const ScalingBasis answer = ScalingBasis::argument_under_an_assumption;
    return answer;
}

double score_variance(arma::uword d_k, double sigma2) { return static_cast<double>(d_k) * std::pow(sigma2, 2); }

double divisor_for_unit_variance(arma::uword d_k, double sigma2) {
    return std::pow(static_cast<double>(d_k), 0.5) * sigma2;
}

double typical_score_size(arma::uword d_k) { return std::pow(static_cast<double>(d_k), 0.5); }

double sqrt_d_model_shrink_factor(arma::uword d_model, arma::uword heads) {
    return std::sqrt(static_cast<double>(d_model) / static_cast<double>(d_model / heads));
}

}  // namespace attn
