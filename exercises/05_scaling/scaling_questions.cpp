// Exercise scaling_questions (chapter 05): the argument behind sqrt(d_k), as answers.
//
// Replace each `throw` with a `return` of your answer. The checker grades them
// and, when one is wrong, says which part of the chapter to reread.
//
// Check your work:  ./course check scaling_questions   Stuck?  ./course hint scaling_questions
#include <cmath>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

// Where does the divisor sqrt(d_k) come from?
ScalingBasis why_divide_by_sqrt_dk() {
    throw NotImplemented("why_divide_by_sqrt_dk", __FILE__);  // TODO(ch05)
}

// Entries of q and k independent, mean 0, variance sigma2 (not 1). Var(q . k)?
double score_variance([[maybe_unused]] arma::uword d_k, [[maybe_unused]] double sigma2) {
    throw NotImplemented("score_variance", __FILE__);  // TODO(ch05)
}

// Same entries: what must q . k be divided by to have variance 1?
double divisor_for_unit_variance([[maybe_unused]] arma::uword d_k, [[maybe_unused]] double sigma2) {
    throw NotImplemented("divisor_for_unit_variance", __FILE__);  // TODO(ch05)
}

// Entries of variance 1: how big is a raw score typically (its standard deviation)?
double typical_score_size([[maybe_unused]] arma::uword d_k) {
    throw NotImplemented("typical_score_size", __FILE__);  // TODO(ch05)
}

// d_model split into `heads` heads of width d_model / heads. Dividing by
// sqrt(d_model) instead of sqrt(d_k) makes every score smaller by what factor?
double sqrt_d_model_shrink_factor([[maybe_unused]] arma::uword d_model, [[maybe_unused]] arma::uword heads) {
    throw NotImplemented("sqrt_d_model_shrink_factor", __FILE__);  // TODO(ch05)
}

}  // namespace attn
