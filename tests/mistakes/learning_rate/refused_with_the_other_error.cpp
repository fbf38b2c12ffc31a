// Wrong on purpose (suite only): a step below 1 refused with std::invalid_argument.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

double learning_rate(long t, double peak, long warmup) {
    if (t < 1) throw std::invalid_argument("learning_rate: t must be at least 1");  // the mistake: attn::InputError
    if (warmup < 1) throw InputError("learning_rate: the warm-up must last at least 1 step");
    const double step = static_cast<double>(t), w = static_cast<double>(warmup);
    return peak * std::min(step / w, std::sqrt(w / step));
}

}  // namespace attn
