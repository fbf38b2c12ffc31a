// Wrong on purpose (suite only): the mistake scale_factor_refuses_width_one in scale_factor (d_k <= 1, by std::pow).
#include <cmath>
#include <string>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    if (d_k <= 1)  // the mistake: d_k = 1 is a width like any other; d_k == 0
        throw InputError("scale_factor: d_k must be a positive width, got " + std::to_string(d_k));
    return std::pow(static_cast<double>(d_k), -0.5);
}
}  // namespace attn
