// Wrong on purpose (suite only): the mistake learning_rate_decay_not_square_root in learning_rate.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

double learning_rate(long t, double peak, long warmup) {
    if (t < 1) throw InputError("learning_rate: the step number t starts at 1");
    if (warmup < 1) throw InputError("learning_rate: the warm-up must last at least 1 step");
    if (t < warmup) return peak * static_cast<double>(t) / static_cast<double>(warmup);
    const double root = std::sqrt(static_cast<double>(warmup) / static_cast<double>(t));
    return peak * root * root * root;  // the mistake: the root cubed, (warmup / t)^1.5
}

}  // namespace attn
