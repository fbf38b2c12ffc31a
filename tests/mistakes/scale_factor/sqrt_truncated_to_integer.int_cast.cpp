// Wrong on purpose (suite only): the mistake sqrt_truncated_to_integer in scale_factor (a cast to int).
#include <cmath>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_factor: d_k must be at least 1");
    const int root = static_cast<int>(std::sqrt(static_cast<double>(d_k)));  // the mistake: int cuts the root down
    return 1.0 / static_cast<double>(root);
}
}  // namespace attn
