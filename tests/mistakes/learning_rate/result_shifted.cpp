// Wrong on purpose (suite only): the step counted one ahead (t + 1).
#include <algorithm>
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

double learning_rate(long t, double peak, long warmup) {
    if (t < 1) throw InputError("learning_rate: the step number t starts at 1");
    if (warmup < 1) throw InputError("learning_rate: the warm-up must last at least 1 step");
    const double step = static_cast<double>(t + 1), w = static_cast<double>(warmup);  // the mistake: t + 1
    return peak * std::min(step / w, std::sqrt(w / step));
}

}  // namespace attn
