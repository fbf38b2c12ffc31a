// Wrong on purpose (suite only): the mistake learning_rate_product_not_min in learning_rate.
#include <algorithm>
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

double learning_rate(long t, double peak, long warmup) {
    if (t < 1) throw InputError("learning_rate: the step number t starts at 1");
    if (warmup < 1) throw InputError("learning_rate: the warm-up must last at least 1 step");
    const double s = static_cast<double>(t), w = static_cast<double>(warmup);
    const double rise = s / w, decay = std::sqrt(w / s);
    return peak * rise * decay;  // the mistake: a product where the smaller one belongs
}

}  // namespace attn
