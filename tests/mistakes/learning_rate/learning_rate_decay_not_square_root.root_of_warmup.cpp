// Wrong on purpose (suite only): the decay sqrt(warmup) / t, a root of the warm-up only.
#include <algorithm>
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

double learning_rate(long t, double peak, long warmup) {
    if (t < 1) throw InputError("learning_rate: the step number t starts at 1");
    if (warmup < 1) throw InputError("learning_rate: the warm-up must last at least 1 step");
    const double step = static_cast<double>(t), w = static_cast<double>(warmup);
    return peak * std::min(step / w, std::sqrt(w) / step);  // the mistake: sqrt(w / step)
}

}  // namespace attn
