// Wrong on purpose (suite only): the paper's formula with peak in place of d_model^-0.5.
#include <algorithm>
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

double learning_rate(long t, double peak, long warmup) {
    if (t < 1) throw InputError("learning_rate: the step number t starts at 1");
    if (warmup < 1) throw InputError("learning_rate: the warm-up must last at least 1 step");
    const double step = static_cast<double>(t), w = static_cast<double>(warmup);
    // the mistake: this peaks at peak / sqrt(warmup)
    return peak * std::min(std::pow(step, -0.5), step * std::pow(w, -1.5));
}

}  // namespace attn
