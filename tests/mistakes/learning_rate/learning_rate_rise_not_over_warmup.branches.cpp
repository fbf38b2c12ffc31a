// Wrong on purpose (suite only): the warm-up branch rises as peak * t.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

double learning_rate(long t, double peak, long warmup) {
    if (t < 1) throw InputError("learning_rate: the step number t starts at 1");
    if (warmup < 1) throw InputError("learning_rate: the warm-up must last at least 1 step");
    const double s = static_cast<double>(t), w = static_cast<double>(warmup);
    if (t <= warmup) return peak * s;  // the mistake: t not divided by warmup
    return peak * std::sqrt(w / s);
}

}  // namespace attn
