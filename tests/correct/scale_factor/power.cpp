// Right, written another way (suite only): d_k to the power -0.5.
#include <cmath>
#include <string>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    if (d_k < 1) throw InputError("scale_factor: d_k must be at least 1, got " + std::to_string(d_k));
    return std::pow(static_cast<double>(d_k), -0.5);
}

}  // namespace attn
