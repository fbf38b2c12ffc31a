// Wrong on purpose (suite only): the mistake learning_rate_counts_from_zero in learning_rate (a ramp from 0 at t = 1 to the peak at t = warmup).
#include <cmath>
#include <string>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

double learning_rate(long t, double peak, long warmup) {
    if (t < 1) throw InputError("learning_rate: the step t counts from 1; got " + std::to_string(t));
    if (warmup < 1) throw InputError("learning_rate: warmup must be at least 1; got " + std::to_string(warmup));
    const double s = static_cast<double>(t), w = static_cast<double>(warmup);
    if (t <= warmup) return peak * (s - 1.0) / (w - 1.0);  // the mistake: peak * s / w
    return peak * std::sqrt(w / s);
}

}  // namespace attn
