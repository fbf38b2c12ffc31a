// Wrong on purpose (suite only): the mistake scale_factor_refuses_width_one in scale_factor (a divisor of 1 taken for an error).
#include <cmath>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    const double root = std::sqrt(static_cast<double>(d_k));
    // a divisor of 1 would not shrink anything
    if (root <= 1.0) throw InputError("scale_factor: d_k too small to scale by");  // the mistake: only d_k = 0 is an error
    return 1.0 / root;
}
}  // namespace attn
