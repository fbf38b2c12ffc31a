// Right, written another way (suite only): the square root of 1 / d_k, in doubles.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_factor: d_k must be at least 1, got 0");
    return std::sqrt(1.0 / static_cast<double>(d_k));
}

}  // namespace attn
