// Wrong on purpose (suite only): the mistake sqrt_truncated_to_integer in scale_factor (std::floor of the root).
#include <cmath>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_factor: d_k must be at least 1");
    // the mistake: a whole number of steps, std::floor drops what sqrt(d_k) has after the point
    return 1.0 / std::floor(std::sqrt(static_cast<double>(d_k)));
}
}  // namespace attn
