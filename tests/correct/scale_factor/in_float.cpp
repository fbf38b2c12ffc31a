// Right, written another way (suite only): the factor worked out in float, the precision of many GPU kernels.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_factor: d_k must be at least 1, got 0");
    const float f = 1.0f / std::sqrt(static_cast<float>(d_k));
    return f;
}

}  // namespace attn
