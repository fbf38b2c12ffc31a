// Wrong on purpose (suite only): both divisions in integers.
#include <algorithm>
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

double learning_rate(long t, double peak, long warmup) {
    if (t < 1) throw InputError("learning_rate: the step number t starts at 1");
    if (warmup < 1) throw InputError("learning_rate: the warm-up must last at least 1 step");
    // the mistake: long / long is an integer division
    return peak * std::min(static_cast<double>(t / warmup), std::sqrt(static_cast<double>(warmup / t)));
}

}  // namespace attn
