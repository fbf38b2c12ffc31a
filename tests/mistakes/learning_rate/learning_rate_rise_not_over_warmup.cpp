// Wrong on purpose (suite only): the paper's form with warmup^-0.5 where warmup^-1.5 belongs.
#include <algorithm>
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

double learning_rate(long t, double peak, long warmup) {
    if (t < 1) throw InputError("learning_rate: the step number t starts at 1");
    if (warmup < 1) throw InputError("learning_rate: the warm-up must last at least 1 step");
    const double s = static_cast<double>(t), w = static_cast<double>(warmup);
    // the mistake: sqrt(w) * t * w^-0.5 is t, never divided by the warm-up
    return peak * std::sqrt(w) * std::min(std::pow(s, -0.5), s * std::pow(w, -0.5));
}

}  // namespace attn
