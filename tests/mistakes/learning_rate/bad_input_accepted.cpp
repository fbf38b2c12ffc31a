// Wrong on purpose (suite only): the step t is never checked (only the warm-up).
#include <algorithm>
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

double learning_rate(long t, double peak, long warmup) {
    if (warmup < 1) throw InputError("learning_rate: the warm-up must last at least 1 step");  // the mistake: and t < 1?
    const double step = static_cast<double>(t), w = static_cast<double>(warmup);
    return peak * std::min(step / w, std::sqrt(w / step));
}

}  // namespace attn
