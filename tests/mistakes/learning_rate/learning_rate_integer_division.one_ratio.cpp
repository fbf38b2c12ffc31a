// Wrong on purpose (suite only): one ratio t / warmup for both branches, in whole numbers.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

double learning_rate(long t, double peak, long warmup) {
    if (t < 1) throw InputError("learning_rate: the step number t starts at 1");
    if (warmup < 1) throw InputError("learning_rate: the warm-up must last at least 1 step");
    const double progress = t / warmup;  // the mistake: long / long, converted after
    return t <= warmup ? peak * progress : peak / std::sqrt(progress);
}

}  // namespace attn
