// Wrong on purpose (suite only): the mistake sqrt_truncated_to_integer in scale_factor.
#include <cmath>

#include "contracts/05_scaling.hpp"
#include "core/errors.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_factor: d_k must be at least 1, got 0");
    const long root = std::lround(std::sqrt(static_cast<double>(d_k)));  // the mistake: the root rounded to a whole number
    return 1.0 / static_cast<double>(root);
}

}  // namespace attn
