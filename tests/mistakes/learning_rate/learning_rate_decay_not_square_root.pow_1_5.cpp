// Wrong on purpose (suite only): the mistake learning_rate_decay_not_square_root in learning_rate.
#include <algorithm>
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

double learning_rate(long t, double peak, long warmup) {
    if (t < 1) throw InputError("learning_rate: the step number t starts at 1");
    if (warmup < 1) throw InputError("learning_rate: the warm-up must last at least 1 step");
    const double step = static_cast<double>(t), w = static_cast<double>(warmup);
    return peak * std::min(step / w, std::pow(w / step, 1.5));  // the mistake: the power 1.5, not 0.5
}

}  // namespace attn
